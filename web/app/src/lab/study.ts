// A study on a variant's page (advice.ts, tune.ts): the newest job of its kind for the variant, or a new one
// submitted; its progress while it runs (the advisor's step, batches and games, a bar and Cancel, polled as
// the Simulate panel polls its jobs), then what `render` makes of the finished job.
import { h, mount, toast } from "../dom";
import { cancelJob, getJob, listJobs, submitJob, type Job, type JobKind, type JobRequest } from "./api";
import { active, followJob } from "./jobs";
import type { LabState } from "./state";

const n = (v: number) => v.toLocaleString("en");

/** A study job in a line, for the job list: what it studies or tunes, at how many players. */
export function studyFacts(job: Job): string {
  const r = job.request;
  if (job.kind === "advise") return `design study · ${r.players} players · ${n(r.games)} games a batch · seed ${r.seed}`;
  return `tuning · ${r.players} players · ${(r.knobs ?? []).join(", ")} toward ${(r.targets ?? []).join(", ")} · budget ${n(r.budget ?? 0)}`;
}

/**
 * "Batch 3 of 20 known so far: probe probe:take=discard · 1,200 of at most 60,000 games" (a study learns its
 * later batches as it goes; the server's bound on its games does not change).
 */
function progressWords(job: Job): string {
  if (job.status === "queued") return "Waiting for the jobs before it.";
  if (job.step === undefined) return "Starting…";
  const step = `Batch ${(job.batches_done ?? 0) + 1} of ${job.batches_total ?? 1} known so far: ${job.step}`;
  return `${step} · ${n(job.done)} of at most ${n(job.total)} games`;
}

/** A running study: its step, a bar of its batches, Cancel. */
function progressBox(job: Job): HTMLElement {
  const cancel = h("button.secondary.small.study-cancel", { type: "button" }, "Cancel");
  cancel.addEventListener("click", () => {
    cancel.disabled = true;
    cancelJob(job.id).catch((e: Error) => toast(`Could not cancel: ${e.message}`));
  });
  return h(
    "div.study-progress",
    { "data-job": job.id, "data-status": job.status },
    h("p.small.study-step", progressWords(job)),
    h("div.row", h("progress.big", { max: job.total, value: job.done, "aria-label": "study progress" }), cancel),
  );
}

export class StudyRunner {
  readonly element = h("div.study-result");
  private stopFollow = () => {};

  /** `render` shows a finished job; `idle` is shown while the variant has none that `wanted` accepts. */
  constructor(
    private readonly lab: LabState,
    private readonly kind: JobKind,
    private readonly variant: number,
    private readonly render: (job: Job) => HTMLElement,
    private readonly idle: () => HTMLElement,
  ) {}

  /** Shows the newest job of this kind for the variant that `wanted` accepts (following it while it runs). */
  async latest(wanted: (job: Job) => boolean = () => true): Promise<void> {
    this.stop();
    try {
      const jobs = await listJobs();
      const mine = jobs.find((j) => j.kind === this.kind && j.request.variant === this.variant && j.status !== "cancelled" && wanted(j));
      if (!mine) mount(this.element, this.idle());
      else this.follow(mine.status === "done" ? await getJob(mine.id) : mine);
    } catch (e) {
      mount(this.element, h("p.error", `Could not load the studies: ${(e as Error).message}`));
    }
  }

  /** Submits the study and follows it; a refusal is said where the result goes. */
  async start(request: JobRequest): Promise<void> {
    this.stop();
    try {
      const job = await submitJob({ ...request, kind: this.kind, variant: this.variant });
      this.lab.jobAdded(job);
      this.follow(job);
    } catch (e) {
      mount(this.element, h("p.error.study-refused", (e as Error).message));
    }
  }

  stop(): void {
    this.stopFollow();
  }

  private follow(job: Job): void {
    this.draw(job);
    if (active(job)) this.stopFollow = followJob(job.id, (fresh) => this.draw(fresh));
  }

  /** Writes the progress in place while the job runs (a rebuilt box would lose a click on Cancel). */
  private draw(job: Job): void {
    const box = this.element.querySelector<HTMLElement>(".study-progress");
    if (active(job) && box?.dataset.job === String(job.id) && box.dataset.status === job.status) {
      box.querySelector(".study-step")!.textContent = progressWords(job);
      const bar = box.querySelector<HTMLProgressElement>("progress")!;
      (bar.max = job.total), (bar.value = job.done);
      return;
    }
    if (active(job)) mount(this.element, progressBox(job));
    else if (job.status === "done" && job.report) mount(this.element, this.render(job));
    else mount(this.element, h("p", { class: job.status === "failed" ? "error" : "muted" }, job.error ?? `The study was ${job.status}.`));
  }
}
