// The Variants panel's list of stored variants, newest first, each with open, duplicate, rename and
// delete (delete asks again on the same button for four seconds).
import { h, mount, toast } from "../dom";
import { deleteVariant, duplicateVariant, updateVariant, type Variant, type VariantSummary } from "./api";
import type { LabState } from "./state";

/** What the list asks of the editing side: open a variant, and hear of one renamed or deleted. */
export interface VariantHolder {
  openVariant(id: number): void;
  isOpen(id: number): boolean;
  renamed(saved: Variant): void;
  deleted(v: VariantSummary): void;
}

export class VariantList {
  readonly element = h("div.variant-list");

  constructor(
    private readonly lab: LabState,
    private readonly holder: VariantHolder,
  ) {}

  /** The stored variants, newest first (or a line saying there are none). */
  draw(): void {
    const lab = this.lab;
    if (!lab.variants.length) {
      mount(this.element, h("p.muted.small", "No variants yet."));
      return;
    }
    mount(this.element, h("ul.variants", [...lab.variants].reverse().map((v) => this.row(v))));
  }

  /** A variant's row: its name (a link that opens it), game, number and date, and its buttons. */
  private row(v: VariantSummary): HTMLElement {
    const title = this.lab.game(v.game)?.title ?? v.game;
    const row = h("li.variant-row", { "data-variant": v.id, class: this.holder.isOpen(v.id) ? "current" : undefined });
    const nameLine = h("div.variant-name", h("a", { href: "#/lab", onclick: (e: Event) => (e.preventDefault(), this.holder.openVariant(v.id)) }, v.name));
    row.append(
      nameLine,
      h("div.muted.small", `${title} · #${v.id} · ${new Date(v.created_ms).toLocaleDateString()}`),
      h(
        "div.row.variant-actions",
        h("button.secondary.small", { type: "button", onclick: () => this.holder.openVariant(v.id) }, "Open"),
        h("button.secondary.small", { type: "button", onclick: () => this.duplicate(v) }, "Duplicate"),
        h("button.secondary.small", { type: "button", onclick: () => this.rename(v, nameLine) }, "Rename"),
        this.deleteButton(v),
      ),
    );
    return row;
  }

  /** The name line becomes a field: Enter or OK renames, Escape leaves it as it was. */
  private rename(v: VariantSummary, nameLine: HTMLElement): void {
    const input = h("input", { value: v.name, maxlength: 80, "aria-label": "new name" });
    const ok = async () => {
      try {
        this.holder.renamed(await updateVariant(v.id, { name: input.value.trim() }));
        await this.lab.refreshVariants();
      } catch (e) {
        toast(`Could not rename: ${(e as Error).message}`);
      }
    };
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") ok();
      if (e.key === "Escape") this.draw();
    });
    mount(nameLine, input, h("button.small", { type: "button", onclick: ok }, "OK"));
    input.focus();
    input.select();
  }

  /** Delete, which asks again on the same button for four seconds. */
  private deleteButton(v: VariantSummary): HTMLElement {
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
        this.holder.deleted(v);
        await this.lab.refreshVariants();
      } catch (e) {
        toast(`Could not delete: ${(e as Error).message}`);
      }
    });
    return del;
  }

  private async duplicate(v: VariantSummary): Promise<void> {
    try {
      const copy = await duplicateVariant(v.id);
      await this.lab.refreshVariants();
      toast(`Duplicated as “${copy.name}”.`, "info");
    } catch (e) {
      toast(`Could not duplicate: ${(e as Error).message}`);
    }
  }
}
