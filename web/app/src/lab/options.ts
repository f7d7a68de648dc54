// A form for a game's options, built from their specs (GET /api/games: int with min and max, bool, choice,
// text), with given values over the defaults; it reads back only the values that differ from `base`.
import type { OptionSpec } from "../api";
import { h } from "../dom";
import type { Options } from "./api";

export class OptionsForm {
  readonly element: HTMLElement;
  private inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();

  /** `prefix` keeps the ids of two forms on one page apart. */
  constructor(
    readonly specs: OptionSpec[],
    values: Options,
    private readonly prefix: string,
  ) {
    this.element = h(
      "div.option-fields",
      specs.length ? specs.map((o) => this.field(o, values[o.name] ?? o.default)) : h("p.muted", "This game has no options."),
    );
  }

  private field(o: OptionSpec, value: string): HTMLElement {
    const id = `${this.prefix}-${o.name}`;
    let input: HTMLInputElement | HTMLSelectElement;
    if (o.type === "bool") {
      input = h("input", { id, type: "checkbox", checked: value === "true" });
    } else if (o.type === "choice") {
      input = h("select", { id }, (o.choices ?? []).map((c) => h("option", { value: c }, c)));
      input.value = value;
    } else if (o.type === "int") {
      input = h("input", { id, type: "number", value, min: o.min, max: o.max, step: 1 });
    } else {
      input = h("input", { id, value });
    }
    input.dataset.option = o.name;
    input.addEventListener("input", () => this.unmark(o.name));
    this.inputs.set(o.name, input);
    const range = o.type === "int" && o.min !== undefined ? ` (${o.min}–${o.max})` : "";
    const label = h("label", { for: id }, o.name, h("span.muted", range));
    const help = h("small.muted", o.help);
    return o.type === "bool"
      ? h("div.option-field.check", { "data-option": o.name }, input, h("div", label, help))
      : h("div.option-field", { "data-option": o.name }, label, input, help);
  }

  /** Every option's value as the form has it. */
  values(): Options {
    const out: Options = {};
    for (const o of this.specs) {
      const el = this.inputs.get(o.name)!;
      if (o.type === "bool") out[o.name] = (el as HTMLInputElement).checked ? "true" : "false";
      else out[o.name] = el.value.trim() === "" ? o.default : el.value.trim();
    }
    return out;
  }

  /** The values that differ from `base` (a variant's options or, missing there, the defaults). */
  changedFrom(base: Options): Options {
    const out: Options = {};
    for (const [name, value] of Object.entries(this.values())) {
      const spec = this.specs.find((o) => o.name === name)!;
      if (value !== (base[name] ?? spec.default)) out[name] = value;
    }
    return out;
  }

  /** Marks an option as refused, with the message beside it; false when the form has no such option. */
  mark(name: string, message: string): boolean {
    const input = this.inputs.get(name);
    if (!input) return false;
    const field = input.closest<HTMLElement>(".option-field")!;
    field.classList.add("invalid");
    input.setAttribute("aria-invalid", "true");
    field.querySelector(".field-error")?.remove();
    field.append(h("small.field-error", { role: "alert" }, message));
    field.scrollIntoView({ block: "center" });
    input.focus();
    return true;
  }

  unmark(name?: string) {
    for (const [n, input] of this.inputs) {
      if (name !== undefined && n !== name) continue;
      const field = input.closest<HTMLElement>(".option-field");
      field?.classList.remove("invalid");
      field?.querySelector(".field-error")?.remove();
      input.removeAttribute("aria-invalid");
    }
  }
}
