// The Lab's browser tests' screenshots (lab.test.mjs, lab-advise.test.mjs): one at 1280x800 and one at phone
// size (390x844, the subject scrolled into view), checking that nothing sticks out of the phone's screen.
import path from "node:path";
import { check, checkNoSideScroll } from "./lib.mjs";

/** Elements wider than the screen that no box of their own scrolls (a wide table or the editor may). */
async function wideElements(page) {
  return page.evaluate(() => {
    const clipped = (e) => {
      for (let a = e.parentElement; a && a.id !== "app"; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible") return true;
      }
      return false;
    };
    return [...document.querySelectorAll("#app *")]
      .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !clipped(e))
      .slice(0, 5).map((e) => `${e.tagName}.${e.getAttribute("class")}`).join(", ");
  });
}

/** lab-NAME.png at desktop size and lab-NAME-phone.png with `subject` in view. */
export async function labShots(page, out, name, subject) {
  await page.evaluate(() => document.getElementById("toasts")?.replaceChildren());   // notices come and go
  if (subject) await page.locator(subject).first().scrollIntoViewIfNeeded();
  await page.screenshot({ animations: "disabled", path: path.join(out, `lab-${name}.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);   // charts redraw for the new width
  if (subject) await page.locator(subject).first().scrollIntoViewIfNeeded();
  const wide = await wideElements(page);
  check(!wide, `the Lab (${name}) on a phone: wider than the screen: ${wide}`);
  await checkNoSideScroll(page, `the Lab (${name}) on a phone`);
  await page.screenshot({ animations: "disabled", path: path.join(out, `lab-${name}-phone.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}
