// The data files' editor: CodeMirror 6 with TOML highlighting, one document per file (each keeps its own
// undo history) shown behind file tabs, and a refused line marked (a red line, a lint diagnostic with the
// server's message in the gutter and under the pointer) and scrolled into the middle of the view.
import { EditorView, basicSetup } from "codemirror";
import { EditorState, StateEffect, StateField, type Extension } from "@codemirror/state";
import { Decoration, type DecorationSet } from "@codemirror/view";
import { StreamLanguage } from "@codemirror/language";
import { toml } from "@codemirror/legacy-modes/mode/toml";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { h, mount } from "../dom";

const setErrorLine = StateEffect.define<number | null>();
const errorLineMark = Decoration.line({ class: "cm-error-line" });

/** The refused line of this document, if any (1-based on the way in). */
const errorLine = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    marks = marks.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setErrorLine)) continue;
      marks = e.value === null ? Decoration.none : Decoration.set([errorLineMark.range(tr.state.doc.line(e.value).from)]);
    }
    return marks;
  },
  provide: (f) => EditorView.decorations.from(f),
});

const theme = EditorView.theme({
  "&": { fontSize: "13px", backgroundColor: "white", height: "100%" },
  ".cm-scroller": { fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace' },
  ".cm-error-line": { backgroundColor: "#fbe3e0", boxShadow: "inset 3px 0 #a3261b" },
});

export class FileEditor {
  readonly element: HTMLElement;
  private readonly tabs: HTMLElement;
  private readonly view: EditorView;
  private states = new Map<string, EditorState>();
  private saved = new Map<string, string>();
  private current = "";

  /** `onChange` is told after every edit (for "unsaved" marks). */
  constructor(private readonly onChange: () => void = () => {}) {
    this.tabs = h("div.file-tabs", { role: "tablist", "aria-label": "data files" });
    const host = h("div.editor-host");
    this.view = new EditorView({ parent: host });
    this.element = h("div.file-editor", this.tabs, host);
  }

  private extensions(): Extension[] {
    return [
      basicSetup,
      StreamLanguage.define(toml),
      lintGutter(),
      errorLine,
      theme,
      EditorView.lineWrapping,
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        this.states.set(this.current, u.state);
        this.drawTabs();
        this.onChange();
      }),
    ];
  }

  /** Shows these files (name → text) as the saved ones, on the first tab or the one that was open. */
  load(files: Record<string, string>) {
    this.states.clear();
    this.saved.clear();
    for (const [name, text] of Object.entries(files)) {
      this.saved.set(name, text);
      this.states.set(name, EditorState.create({ doc: text, extensions: this.extensions() }));
    }
    const names = Object.keys(files);
    const open = names.includes(this.current) ? this.current : (names[0] ?? "");
    this.current = "";   // the view's document is the old one: not to be kept
    this.show(open);
  }

  /** The files as edited now. */
  files(): Record<string, string> {
    this.remember();
    const out: Record<string, string> = {};
    for (const [name, state] of this.states) out[name] = state.doc.toString();
    return out;
  }

  /** The files whose text differs from what was last loaded. */
  changedFiles(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, text] of Object.entries(this.files())) if (text !== this.saved.get(name)) out[name] = text;
    return out;
  }

  fileNames = () => [...this.states.keys()];
  currentFile = () => this.current;

  show(name: string) {
    this.remember();
    const state = this.states.get(name);
    if (!state) return;
    this.current = name;
    this.view.setState(state);
    this.drawTabs();
  }

  /** Marks `line` of `file` as refused with `message`, shows that file and scrolls the line into view. */
  markError(file: string, line: number | null, message: string) {
    this.clearErrors();
    this.show(file);
    if (line === null) return;
    const doc = this.view.state.doc;
    const at = doc.line(Math.max(1, Math.min(line, doc.lines)));
    this.view.dispatch({
      effects: [setErrorLine.of(at.number), EditorView.scrollIntoView(at.from, { y: "center" })],
      selection: { anchor: at.from },
    });
    this.view.dispatch(setDiagnostics(this.view.state, [{ from: at.from, to: at.to, severity: "error", message }]));
  }

  clearErrors() {
    this.remember();
    for (const [name, state] of this.states) {
      if (name === this.current) continue;
      this.states.set(name, state.update({ effects: setErrorLine.of(null) }, setDiagnostics(state, [])).state);
    }
    // The file in view is cleared in place, so that it keeps its scroll position.
    this.view.dispatch({ effects: setErrorLine.of(null) }, setDiagnostics(this.view.state, []));
  }

  focus() {
    this.view.focus();
  }

  private remember() {
    if (this.current && this.states.has(this.current)) this.states.set(this.current, this.view.state);
  }

  private drawTabs() {
    mount(
      this.tabs,
      [...this.states.keys()].map((name) => {
        const edited = this.states.get(name)!.doc.toString() !== this.saved.get(name);
        return h(
          "button.file-tab",
          {
            type: "button",
            role: "tab",
            "aria-selected": name === this.current ? "true" : "false",
            "data-file": name,
            class: name === this.current ? "current" : undefined,
            onclick: () => this.show(name),
          },
          name,
          edited ? h("span.edited", { title: "edited, not saved" }, " •") : null,
        );
      }),
    );
  }
}
