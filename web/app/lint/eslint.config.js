// ESLint's settings for the browser client (web/app/src): one rule, no function over 80 lines
// counting every line, blank and comment lines too, as the issue counted them (simulatePanel 298).
import tsParser from "@typescript-eslint/parser";

export default [
  {
    files: ["**/*.ts"],
    linterOptions: { noInlineConfig: true },
    languageOptions: { parser: tsParser, ecmaVersion: "latest", sourceType: "module" },
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
];
