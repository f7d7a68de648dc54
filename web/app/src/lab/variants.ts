// The Variants panel: start from a game's shipped data or a stored variant; edit its data files (editor.ts)
// and options (options.ts); save (the game's own loader judges it; a refusal is shown at its file, line and
// field); the stored variants (duplicate, rename, delete); card tables as CSV; a table of the variant.
import type { OptionSpec } from "../api";
import { h, mount, toast } from "../dom";
import {
  LabError,
  createVariant,
  deleteVariant,
  duplicateVariant,
  getVariant,
  shippedData,
  updateVariant,
  type Options,
  type Variant,
} from "./api";
import { csvBox } from "./csv";
import { FileEditor } from "./editor";
import { OptionsForm } from "./options";
import { playBox } from "./play";
import { withoutPlace, type LabState } from "./state";

/** What the editor holds: a game's shipped data (not stored yet) or a stored variant. */
interface Draft {
  game: string;
  name: string;
  variant?: Variant;
  files: Record<string, string>;
  specs: OptionSpec[];
  options: Options;
}

export function variantsPanel(lab: LabState): HTMLElement {
  const listBox = h("div.variant-list");
  const gameSelect = h(
    "select#lab-start-game",
    { "aria-label": "game to start from" },
    lab.games.map((g) => h("option", { value: g.id }, g.title)),
  );
  if (lab.game("intrigue")) gameSelect.value = "intrigue";
  const startButton = h("button.secondary", { type: "button", id: "lab-start" }, "Start from its shipped data");
  const work = h("div.variant-work", h("p.muted", "Start from a game's shipped data, or open one of your variants."));
  let draft: Draft | null = null;
  let editor: FileEditor | null = null;
  let optionsForm: OptionsForm | null = null;
  const nameInput = h("input#lab-variant-name", { maxlength: 80, "aria-label": "variant name" });
  const problem = h("div.problem", { role: "alert", hidden: true });
  const saveButton = h("button#lab-save", { type: "button" }, "Save variant");

  const unsaved = () =>
    !!draft &&
    !!editor &&
    (Object.keys(editor.changedFiles()).length > 0 || nameInput.value !== draft.name ||
      JSON.stringify(optionsForm?.changedFrom(draft.options)) !== "{}");

  /** The Save button says when there is something to save (files, name or options). */
  function markUnsaved() {
    saveButton.textContent = unsaved() ? "Save variant •" : "Save variant";
  }

  function mayLeave(): boolean {
    return !unsaved() || confirm("Your edits are not saved. Leave them?");
  }

  async function open(next: Draft) {
    draft = next;
    nameInput.value = next.name;
    problem.hidden = true;
    editor = new FileEditor(markUnsaved);
    editor.load(next.files);
    optionsForm = new OptionsForm(next.specs, next.options, "lab-opt");
    drawWork();
    markUnsaved();
    drawList();
    // Stacked (a phone, a narrow window): the editor is below the list; bring it up.
    if (matchMedia("(max-width: 900px)").matches) work.scrollIntoView({ block: "start" });
  }

  async function openShipped(game: string) {
    if (!mayLeave()) return;
    try {
      const data = await shippedData(game);
      const taken = new Set(lab.variants.map((v) => v.name));
      let name = `${data.name} variant`;
      for (let i = 2; taken.has(name); i++) name = `${data.name} variant ${i}`;
      await open({ game, name, files: data.files, specs: data.options, options: {} });
    } catch (e) {
      toast(`Could not load ${game}'s data: ${(e as Error).message}`);
    }
  }

  async function openVariant(id: number) {
    if (!mayLeave()) return;
    try {
      const variant = await getVariant(id);
      await open(draftOf(variant));
    } catch (e) {
      toast(`Could not open variant ${id}: ${(e as Error).message}`);
    }
  }

  function draftOf(variant: Variant): Draft {
    return { game: variant.game, name: variant.name, variant, files: variant.files, specs: lab.game(variant.game)?.options ?? [], options: variant.options };
  }

  /** A refusal shown where it is: the file's tab and line, or the option's field. */
  function showProblem(e: unknown) {
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

  async function save() {
    if (!draft || !editor || !optionsForm) return;
    problem.hidden = true;
    editor.clearErrors();
    optionsForm.unmark();
    saveButton.disabled = true;
    try {
      const options = optionsForm.changedFrom({});
      const name = nameInput.value.trim();
      const saved = draft.variant
        ? await updateVariant(draft.variant.id, { name, files: editor.changedFiles(), options })
        : await createVariant(draft.game, name, editor.changedFiles(), options);
      afterSave(saved, `Saved “${saved.name}”.`);
    } catch (e) {
      showProblem(e);
    } finally {
      saveButton.disabled = false;
    }
  }

  function afterSave(saved: Variant, message: string) {
    const file = editor?.currentFile();
    draft = draftOf(saved);
    nameInput.value = saved.name;
    editor!.load(saved.files);
    if (file) editor!.show(file);
    optionsForm = new OptionsForm(draft.specs, draft.options, "lab-opt");
    drawWork();
    markUnsaved();
    toast(message, "info");
    lab.refreshVariants().catch(() => {});
  }

  function drawWork() {
    if (!draft || !editor || !optionsForm) return;
    const v = draft.variant;
    const game = lab.game(draft.game);
    mount(
      work,
      h(
        "div.variant-head",
        h("label.field.grow", h("span", "Name"), nameInput),
        h("div.row", saveButton, v ? h("button.secondary#lab-simulate-variant", { type: "button", onclick: () => lab.simulate({ variant: v.id }) }, "Simulate it") : null),
      ),
      h(
        "p.muted.small.variant-status",
        v
          ? [`Variant #${v.id} of ${game?.title ?? v.game}, stored with content hash `, h("code", v.hash.slice(0, 12)), "."]
          : `${game?.title ?? draft.game}'s shipped data: edit it and save to store a variant (the shipped game stays as it is).`,
      ),
      problem,
      editor.element,
      h("details.lab-options", { open: true }, h("summary", "Options"), optionsForm.element),
      v ? csvBox(v, { edited: () => Object.keys(editor!.changedFiles()).length > 0, imported: afterSave }) : h("p.muted.small", "Save the variant to export its card tables to CSV or import them from a spreadsheet."),
      v && game ? playBox(v, game, unsaved) : null,
    );
  }

  /** The stored variants, newest first, each with open, duplicate, rename and delete. */
  function drawList() {
    if (!lab.variants.length) {
      mount(listBox, h("p.muted.small", "No variants yet."));
      return;
    }
    mount(
      listBox,
      h(
        "ul.variants",
        [...lab.variants].reverse().map((v) => {
          const title = lab.game(v.game)?.title ?? v.game;
          const row = h("li.variant-row", { "data-variant": v.id, class: draft?.variant?.id === v.id ? "current" : undefined });
          const nameLine = h("div.variant-name", h("a", { href: "#/lab", onclick: (e: Event) => (e.preventDefault(), openVariant(v.id)) }, v.name));
          const rename = () => {
            const input = h("input", { value: v.name, maxlength: 80, "aria-label": "new name" });
            const ok = async () => {
              try {
                const saved = await updateVariant(v.id, { name: input.value.trim() });
                if (draft?.variant?.id === v.id) {
                  draft.name = saved.name;
                  draft.variant = saved;
                  nameInput.value = saved.name;
                }
                await lab.refreshVariants();
              } catch (e) {
                toast(`Could not rename: ${(e as Error).message}`);
              }
            };
            input.addEventListener("keydown", (e) => {
              if (e.key === "Enter") ok();
              if (e.key === "Escape") drawList();
            });
            mount(nameLine, input, h("button.small", { type: "button", onclick: ok }, "OK"));
            input.focus();
            input.select();
          };
          const del = h("button.secondary.small", { type: "button" }, "Delete");
          del.addEventListener("click", async () => {
            if (del.dataset.armed !== "yes") {
              del.dataset.armed = "yes";
              del.textContent = "Really delete?";
              setTimeout(() => {
                del.dataset.armed = "";
                del.textContent = "Delete";
              }, 4000);
              return;
            }
            try {
              await deleteVariant(v.id);
              if (draft?.variant?.id === v.id) {
                draft = null;
                mount(work, h("p.muted", `Variant “${v.name}” deleted. Its jobs and tables keep their data.`));
              }
              await lab.refreshVariants();
            } catch (e) {
              toast(`Could not delete: ${(e as Error).message}`);
            }
          });
          const duplicate = async () => {
            try {
              const copy = await duplicateVariant(v.id);
              await lab.refreshVariants();
              toast(`Duplicated as “${copy.name}”.`, "info");
            } catch (e) {
              toast(`Could not duplicate: ${(e as Error).message}`);
            }
          };
          row.append(
            nameLine,
            h("div.muted.small", `${title} · #${v.id} · ${new Date(v.created_ms).toLocaleDateString()}`),
            h(
              "div.row.variant-actions",
              h("button.secondary.small", { type: "button", onclick: () => openVariant(v.id) }, "Open"),
              h("button.secondary.small", { type: "button", onclick: duplicate }, "Duplicate"),
              h("button.secondary.small", { type: "button", onclick: rename }, "Rename"),
              del,
            ),
          );
          return row;
        }),
      ),
    );
  }

  work.addEventListener("input", markUnsaved);
  work.addEventListener("change", markUnsaved);
  lab.onVariants(drawList);
  drawList();
  startButton.addEventListener("click", () => openShipped(gameSelect.value));
  saveButton.addEventListener("click", save);
  nameInput.addEventListener("keydown", (e) => e.key === "Enter" && save());

  return h(
    "div.variants-panel",
    h(
      "aside.panel.variant-side",
      h("h2", "Start"),
      h("div.field", h("label", { for: "lab-start-game" }, "A game's shipped data"), gameSelect),
      startButton,
      h("h2.spaced", "Your variants"),
      listBox,
    ),
    h("section.panel.variant-main", work),
  );
}
