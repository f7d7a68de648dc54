// A person plays Persuasion (character-card edition) against two bots using only the table, at desktop
// size with the mouse and keyboard and at phone size with taps; every gesture is checked against the
// move the page sent, and frames and DOM versions for leaks (the play is table-persuasion.test.mjs's).
import { playBothSizes } from "./table-persuasion.test.mjs";

await playBothSizes("browser.table-persuasion-classic", "persuasion-classic", ["invite", "propose"], 1);
