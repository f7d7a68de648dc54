// Picking a piece up and putting it where it goes, the one gesture the card tables share.
//   - Click (tap, or Enter/Space on the focused piece) picks a piece up: it lifts, and only the places
//     some legal move puts it light up. Click a lit place (or focus it and press Enter) to put it there;
//     Escape, or the piece again, puts it back.
//   - Or drag the piece and drop it on a lit place (interact.js turns mouse, pen and touch into one drag).
// A place may complete more than one move (a card face-down or face-up behind the same character): the
// table then offers the choices in a small menu at that place. The picker only sends moves it was given
// from `ctx.legal`: it never decides what is legal.
import interact from "interactjs";
import type { LegalAction } from "../api";
import { h } from "../dom";
import type { RenderContext } from "./types";

/** A place a picked-up piece may go, and the move (or the moves, to choose from) that puts it there. */
export interface Place {
  el: HTMLElement;
  moves: LegalAction[];
  /** How each move reads in the menu when there are several (defaults to the move's label). */
  name?: (move: LegalAction) => string;
}

export class Picker {
  private held: { piece: HTMLElement; places: Place[] } | undefined;
  private menu: HTMLElement | undefined;

  constructor(private ctx: RenderContext, private root: HTMLElement) {
    root.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.drop();
    });
  }

  /** Makes `el` a piece whose places `places()` lists (computed when it is picked up). */
  piece(el: HTMLElement, places: () => Place[]): void {
    const open = () => places().filter((p) => p.moves.length > 0);
    if (this.ctx.pending || open().length === 0) return;
    el.classList.add("pickable");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    el.addEventListener("click", (e) => {
      e.stopPropagation();
      if (this.held?.piece === el) this.drop();
      else this.pick(el, open());
    });
    el.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      el.click();
    });
    this.draggable(el, open);
  }

  /** Puts the held piece back. */
  drop(): void {
    this.menu?.remove();
    this.menu = undefined;
    if (!this.held) return;
    this.held.piece.classList.remove("picked");
    for (const p of this.held.places) {
      p.el.classList.remove("drop-target");
      p.el.removeAttribute("tabindex");
      p.el.onclick = null;
      p.el.onkeydown = null;
    }
    this.held = undefined;
    this.root.classList.remove("holding");
  }

  private pick(piece: HTMLElement, places: Place[]): void {
    this.drop();
    this.held = { piece, places };
    piece.classList.add("picked");
    this.root.classList.add("holding");
    for (const place of places) {
      place.el.classList.add("drop-target");
      place.el.tabIndex = 0;
      place.el.onclick = (e) => {
        e.stopPropagation();
        this.put(place);
      };
      place.el.onkeydown = (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        // A key on a choice of this place's menu is the menu's: it must not reopen the menu.
        if (this.menu?.contains(e.target as Node)) return;
        e.preventDefault();
        this.put(place);
      };
    }
    places[0]?.el.focus({ preventScroll: true });
  }

  /** Puts the held piece on `place`: sends its move, or asks which when the place has several. */
  private put(place: Place): void {
    if (place.moves.length === 1) {
      const move = place.moves[0];
      this.drop();
      this.ctx.act(move);
      return;
    }
    this.menu?.remove();
    const name = place.name ?? ((m: LegalAction) => m.label);
    this.menu = h(
      "div.choice-menu",
      { role: "menu" },
      place.moves.map((m) =>
        h("button.choice", { type: "button", role: "menuitem", onclick: (e: Event) => {
          e.stopPropagation();
          this.drop();
          this.ctx.act(m);
        } }, name(m)),
      ),
      h("button.choice.secondary", { type: "button", onclick: (e: Event) => {
        e.stopPropagation();
        this.drop();
      } }, "cancel"),
    );
    place.el.append(this.menu);
    this.menu.querySelector("button")?.focus();
  }

  /** Dragging a piece: it follows the pointer; let go over a lit place to put it there. */
  private draggable(el: HTMLElement, open: () => Place[]): void {
    let dx = 0;
    let dy = 0;
    interact(el).draggable({
      listeners: {
        start: () => {
          if (this.held?.piece !== el) this.pick(el, open());
          dx = dy = 0;
          el.classList.add("dragging");
        },
        move: (e) => {
          dx += e.dx;
          dy += e.dy;
          el.style.transform = `translate(${dx}px, ${dy}px)`;
        },
        end: (e) => {
          el.style.transform = "";
          el.classList.remove("dragging");
          const under = document.elementsFromPoint(e.client.x, e.client.y);
          const place = this.held?.places.find((p) => under.includes(p.el));
          if (place) this.put(place);
        },
      },
    });
  }
}
