// The Variants panel: start from a game's shipped data or a stored variant; edit its data files (editor.ts)
// and options (options.ts); save (the game's own loader judges it; a refusal is shown at its file, line and
// field); the stored variants (variant-list.ts: duplicate, rename, delete); a stored variant opens with the
// design advisor's findings (advice.ts) and its tuner (tune.ts); card tables as CSV; a table of the variant.
import type { OptionSpec } from "../api";
import { h, mount, toast } from "../dom";
import {
  LabError,
  createVariant,
  getVariant,
  shippedData,
  updateVariant,
  type Options,
  type Variant,
  type VariantSummary,
} from "./api";
import { adviseBox } from "./advice";
import { csvBox } from "./csv";
import { FileEditor } from "./editor";
import { OptionsForm } from "./options";
import { playBox } from "./play";
import { withoutPlace, type LabState } from "./state";
import { tuneBox } from "./tune";
import { VariantList, type VariantHolder } from "./variant-list";

/** What the editor holds: a game's shipped data (not stored yet) or a stored variant. */
interface Draft {
  game: string;
  name: string;
  variant?: Variant;
  files: Record<string, string>;
  specs: OptionSpec[];
  options: Options;
}

/** The editing side: the draft's name, Save, the problem a refusal names, its files, options, CSV and table. */
class VariantWork implements VariantHolder {
  readonly element = h("div.variant-work", h("p.muted", "Start from a game's shipped data, or open one of your variants."));
  /** Called when a draft is opened (the list marks the open variant). */
  opened: () => void = () => {};
  private draft: Draft | null = null;
  private editor: FileEditor | null = null;
  private optionsForm: OptionsForm | null = null;
  private readonly nameInput = h("input#lab-variant-name", { maxlength: 80, "aria-label": "variant name" });
  private readonly problem = h("div.problem", { role: "alert", hidden: true });
  private readonly saveButton = h("button#lab-save", { type: "button" }, "Save variant");

  constructor(private readonly lab: LabState) {
    this.element.addEventListener("input", () => this.markUnsaved());
    this.element.addEventListener("change", () => this.markUnsaved());
    this.saveButton.addEventListener("click", () => this.save());
    this.nameInput.addEventListener("keydown", (e) => e.key === "Enter" && this.save());
  }

  /** The draft differs from what is stored (files, name or options). */
  private unsaved(): boolean {
    const { draft, editor } = this;
    return !!draft &&
      !!editor &&
      (Object.keys(editor.changedFiles()).length > 0 || this.nameInput.value !== draft.name ||
        JSON.stringify(this.optionsForm?.changedFrom(draft.options)) !== "{}");
  }

  /** The Save button says when there is something to save (files, name or options). */
  private markUnsaved(): void {
    this.saveButton.textContent = this.unsaved() ? "Save variant •" : "Save variant";
  }

  private mayLeave(): boolean {
    return !this.unsaved() || confirm("Your edits are not saved. Leave them?");
  }

  /** Puts a draft in the editor. */
  private async open(next: Draft): Promise<void> {
    this.draft = next;
    this.nameInput.value = next.name;
    this.problem.hidden = true;
    this.editor = new FileEditor(() => this.markUnsaved());
    this.editor.load(next.files);
    this.optionsForm = new OptionsForm(next.specs, next.options, "lab-opt");
    this.drawWork();
    this.markUnsaved();
    this.opened();
    // Stacked (a phone, a narrow window): the editor is below the list; bring it up.
    if (matchMedia("(max-width: 900px)").matches) this.element.scrollIntoView({ block: "start" });
  }

  async openShipped(game: string): Promise<void> {
    if (!this.mayLeave()) return;
    try {
      const data = await shippedData(game);
      const taken = new Set(this.lab.variants.map((v) => v.name));
      let name = `${data.name} variant`;
      for (let i = 2; taken.has(name); i++) name = `${data.name} variant ${i}`;
      await this.open({ game, name, files: data.files, specs: data.options, options: {} });
    } catch (e) {
      toast(`Could not load ${game}'s data: ${(e as Error).message}`);
    }
  }

  async openVariant(id: number): Promise<void> {
    if (!this.mayLeave()) return;
    try {
      const variant = await getVariant(id);
      await this.open(this.draftOf(variant));
    } catch (e) {
      toast(`Could not open variant ${id}: ${(e as Error).message}`);
    }
  }

  isOpen(id: number): boolean {
    return this.draft?.variant?.id === id;
  }

  renamed(saved: Variant): void {
    if (!this.draft || !this.isOpen(saved.id)) return;
    this.draft.name = saved.name;
    this.draft.variant = saved;
    this.nameInput.value = saved.name;
  }

  deleted(v: VariantSummary): void {
    if (!this.isOpen(v.id)) return;
    this.draft = null;
    mount(this.element, h("p.muted", `Variant “${v.name}” deleted. Its jobs and tables keep their data.`));
  }

  private draftOf(variant: Variant): Draft {
    return { game: variant.game, name: variant.name, variant, files: variant.files, specs: this.lab.game(variant.game)?.options ?? [], options: variant.options };
  }

  /** A refusal shown where it is: the file's tab and line, or the option's field. */
  private showProblem(e: unknown): void {
    const { editor, optionsForm, problem } = this;
    if (!(e instanceof LabError) || !editor || !optionsForm) {
      problem.hidden = false;
      mount(problem, h("b", "Not saved: "), (e as Error).message);
      return;
    }
    const where = e.file ? [e.file, e.line !== null ? `line ${e.line}` : null].filter(Boolean).join(", ") : "options";
    problem.hidden = false;
    mount(
      problem,
      h("b", "Not saved. "),
      h("span.where", where, e.field ? `, field ${e.field}` : "", ": "),
      h("span.message", withoutPlace(e.message, e.file, e.line)),
    );
    if (e.file && editor.fileNames().includes(e.file)) editor.markError(e.file, e.line, e.message);
    else if (e.field) optionsForm.mark(e.field, e.message);
  }

  /** Stores the draft: a new variant, or the stored one updated; a refusal is shown where it is. */
  private async save(): Promise<void> {
    const { draft, editor, optionsForm } = this;
    if (!draft || !editor || !optionsForm) return;
    this.problem.hidden = true;
    editor.clearErrors();
    optionsForm.unmark();
    this.saveButton.disabled = true;
    try {
      const options = optionsForm.changedFrom({});
      const name = this.nameInput.value.trim();
      const saved = draft.variant
        ? await updateVariant(draft.variant.id, { name, files: editor.changedFiles(), options })
        : await createVariant(draft.game, name, editor.changedFiles(), options);
      this.afterSave(saved, `Saved “${saved.name}”.`);
    } catch (e) {
      this.showProblem(e);
    } finally {
      this.saveButton.disabled = false;
    }
  }

  /** The stored variant back in the editor, on the file that was open. */
  private afterSave(saved: Variant, message: string): void {
    const file = this.editor?.currentFile();
    this.draft = this.draftOf(saved);
    this.nameInput.value = saved.name;
    this.editor!.load(saved.files);
    if (file) this.editor!.show(file);
    this.optionsForm = new OptionsForm(this.draft.specs, this.draft.options, "lab-opt");
    this.drawWork();
    this.markUnsaved();
    toast(message, "info");
    this.lab.refreshVariants().catch(() => {});
  }

  /** The draft being edited: name and buttons, status, problem, files, options, CSV, a table of it. */
  private drawWork(): void {
    const { draft, editor, optionsForm } = this;
    if (!draft || !editor || !optionsForm) return;
    const v = draft.variant;
    const game = this.lab.game(draft.game);
    mount(
      this.element,
      this.head(v),
      h(
        "p.muted.small.variant-status",
        v
          ? [`Variant #${v.id} of ${game?.title ?? v.game}, stored with content hash `, h("code", v.hash.slice(0, 12)), "."]
          : `${game?.title ?? draft.game}'s shipped data: edit it and save to store a variant (the shipped game stays as it is).`,
      ),
      this.problem,
      v && game ? adviseBox(v, game, this.lab) : null,
      v && game ? tuneBox(v, game, this.lab) : null,
      editor.element,
      h("details.lab-options", { open: true }, h("summary", "Options"), optionsForm.element),
      v
        ? csvBox(v, { edited: () => Object.keys(editor.changedFiles()).length > 0, imported: (s, m) => this.afterSave(s, m) })
        : h("p.muted.small", "Save the variant to export its card tables to CSV or import them from a spreadsheet."),
      v && game ? playBox(v, game, () => this.unsaved()) : null,
    );
  }

  /** The name field, Save, and (once stored) Simulate it. */
  private head(v: Variant | undefined): HTMLElement {
    return h(
      "div.variant-head",
      h("label.field.grow", h("span", "Name"), this.nameInput),
      h("div.row", this.saveButton, v ? h("button.secondary#lab-simulate-variant", { type: "button", onclick: () => this.lab.simulate({ variant: v.id }) }, "Simulate it") : null),
    );
  }
}

/** The Variants panel: where to start and your variants beside the editing side. */
export function variantsPanel(lab: LabState): HTMLElement {
  const gameSelect = h(
    "select#lab-start-game",
    { "aria-label": "game to start from" },
    lab.games.map((g) => h("option", { value: g.id }, g.title)),
  );
  if (lab.game("intrigue")) gameSelect.value = "intrigue";
  const startButton = h("button.secondary", { type: "button", id: "lab-start" }, "Start from its shipped data");
  const work = new VariantWork(lab);
  const list = new VariantList(lab, work);
  work.opened = () => list.draw();
  lab.onVariants(() => list.draw());
  list.draw();
  startButton.addEventListener("click", () => work.openShipped(gameSelect.value));
  return h(
    "div.variants-panel",
    h(
      "aside.panel.variant-side",
      h("h2", "Start"),
      h("div.field", h("label", { for: "lab-start-game" }, "A game's shipped data"), gameSelect),
      startButton,
      h("h2.spaced", "Your variants"),
      list.element,
    ),
    h("section.panel.variant-main", work.element),
  );
}
