// The Simulate panel's list of jobs and the chosen job's report: each job with its progress (polled every
// half second while queued or running) and Cancel; a click on a job shows its report (report.ts).
import { h, mount, toast } from "../dom";
import { cancelJob, getJob, listJobs, type Job } from "./api";
import { jobTitle, reportPanel } from "./report";
import { studyFacts } from "./study";

const kPollMs = 500;
export const active = (j: Job) => j.status === "queued" || j.status === "running";

/** Polls job `id` every half second while it is queued or running, telling `update` each state; returns a stop. */
export function followJob(id: number, update: (job: Job) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      const job = await getJob(id);
      if (stopped) return;
      update(job);
      if (!active(job)) return;
    } catch {
      // The next round tries again.
    }
    if (!stopped) timer = setTimeout(tick, kPollMs);
  };
  timer = setTimeout(tick, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** "42% · 420 of 1,000": a job's progress in words. */
function progressWords(job: Job): string {
  const fraction = job.total ? job.done / job.total : 0;
  return `${Math.floor(100 * fraction)}% · ${job.done.toLocaleString("en")} of ${job.total.toLocaleString("en")}`;
}

/** A job's request in a line: games, seats, seed, sweep, ladder (a study: what it studies or tunes). */
function jobFacts(job: Job): HTMLElement {
  const r = job.request;
  if (job.kind !== "sim") return h("div.muted.small", studyFacts(job));
  return h(
    "div.muted.small",
    `${r.games.toLocaleString("en")} games · seats ${r.seats.join(", ")} · seed ${r.seed}`,
    r.sweep ? ` · sweep ${r.sweep.option}` : "",
    r.ladder.length ? " · ladder" : "",
  );
}

/** The place of a job's report while it is queued or running: its progress. */
function pendingReport(job: Job): HTMLElement {
  return h(
    "section.report.pending",
    { "data-job": job.id },
    h("h2", jobTitle(job)),
    h("p", job.status === "queued" ? "Waiting for the jobs before it." : `Running: ${job.done.toLocaleString("en")} of ${job.total.toLocaleString("en")} games.`),
    h("progress.big", { max: job.total, value: job.done }),
  );
}

export class JobList {
  readonly element = h("div.job-list", h("p.muted", "Loading jobs…"));
  readonly reportBox = h("div.report-box");
  private jobs: Job[] = [];
  private shown: number | null = null;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners: ((jobs: Job[]) => void)[] = [];

  /** Loads the stored jobs and follows the running ones. */
  load(): void {
    listJobs()
      .then((list) => {
        this.jobs = list;
        this.draw();
        this.tell();
        this.poll();
      })
      .catch((e) => mount(this.element, h("p.error", `Could not load the jobs: ${(e as Error).message}`)));
  }

  /** A job submitted elsewhere: listed first and followed. */
  track(job: Job): void {
    this.jobs = [job, ...this.jobs.filter((j) => j.id !== job.id)];
    this.draw();
    this.poll();
  }

  /** A job just submitted: listed first, shown, followed. */
  add(job: Job): void {
    this.track(job);
    this.show(job);
    this.element.scrollIntoView({ block: "nearest" });   // on a phone the list is below the form
  }

  /** Calls `fn` with the jobs once loaded and whenever one finishes. */
  onJobs(fn: (jobs: Job[]) => void): void {
    this.listeners.push(fn);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Tells the listeners (Compare) the jobs as they are now. */
  private tell(): void {
    for (const fn of this.listeners) fn(this.jobs);
  }

  /** The list of jobs, newest first (or a line saying there are none). */
  private draw(): void {
    if (!this.jobs.length) {
      mount(this.element, h("p.muted", "No simulations yet."));
      return;
    }
    if (!this.progressInPlace()) mount(this.element, h("ul.jobs", this.jobs.map((j) => this.row(j))));
  }

  /**
   * Writes the running jobs' progress into their rows when the list shows the same jobs in the same states
   * (false otherwise): a row rebuilt at every poll would lose a click on its Cancel button halfway.
   */
  private progressInPlace(): boolean {
    const rows = [...this.element.querySelectorAll<HTMLElement>(".job-row")];
    const jobs = this.jobs;
    const same = rows.length === jobs.length &&
      rows.every((row, i) => row.dataset.job === String(jobs[i].id) && row.dataset.status === jobs[i].status);
    if (!same) return false;
    jobs.forEach((job, i) => {
      const bar = rows[i].querySelector<HTMLProgressElement>(".job-progress progress");
      const words = rows[i].querySelector(".job-progress span");
      if (bar) (bar.max = job.total), (bar.value = job.done);
      if (words) words.textContent = progressWords(job);
    });
    return true;
  }

  /** A job's row: its title (a link to its report), status, request and, while it runs, progress and Cancel. */
  private row(job: Job): HTMLElement {
    return h(
      "li.job-row",
      { "data-job": job.id, "data-status": job.status, class: job.id === this.shown ? "current" : undefined },
      h(
        "div.job-head",
        h("a.job-title", { href: "#/lab", onclick: (e: Event) => (e.preventDefault(), this.open(job.id)) }, jobTitle(job)),
        h("span.job-status", { class: job.status }, job.status),
      ),
      jobFacts(job),
      active(job)
        ? h(
            "div.row.job-progress",
            h("progress", { max: job.total, value: job.done, "aria-label": `job ${job.id} progress` }),
            h("span.small", progressWords(job)),
            this.cancelButton(job),
          )
        : null,
    );
  }

  /** Cancel for a queued or running job. */
  private cancelButton(job: Job): HTMLElement {
    const cancel = h("button.secondary.small", { type: "button" }, "Cancel");
    cancel.addEventListener("click", async () => {
      try {
        await cancelJob(job.id);
        this.poll();
      } catch (e) {
        toast(`Could not cancel: ${(e as Error).message}`);
      }
    });
    return cancel;
  }

  /** Shows a job: its report when done, its progress while it runs. */
  private show(job: Job): void {
    this.shown = job.id;
    mount(this.reportBox, active(job) ? pendingReport(job) : reportPanel(job));
    for (const row of this.element.querySelectorAll<HTMLElement>(".job-row")) row.classList.toggle("current", row.dataset.job === String(job.id));
  }

  /** Fetches a job afresh and shows it (a click on its title). */
  private async open(id: number): Promise<void> {
    try {
      this.show(await getJob(id));
      this.reportBox.scrollIntoView({ block: "start" });
    } catch (e) {
      toast(`Could not load job ${id}: ${(e as Error).message}`);
    }
  }

  /** Follows every queued or running job until it ends. */
  private poll(): void {
    clearTimeout(this.timer);
    const running = this.jobs.filter(active);
    if (this.stopped || !running.length) return;
    this.timer = setTimeout(async () => {
      const ended = await this.refresh(running);
      if (this.stopped) return;
      this.draw();
      if (ended) this.tell();
      this.poll();
    }, kPollMs);
  }

  /** Fetches these jobs afresh; true when one of them has ended. */
  private async refresh(running: Job[]): Promise<boolean> {
    let ended = false;
    for (const j of running) {
      try {
        const fresh = await getJob(j.id);
        this.jobs = this.jobs.map((x) => (x.id === fresh.id ? fresh : x));
        if (!active(fresh)) ended = true;
        if (this.shown === fresh.id) this.show(fresh);
      } catch {
        // The next round tries again.
      }
    }
    return ended;
  }
}
