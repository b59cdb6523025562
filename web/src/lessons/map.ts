//! `/learn`: the course as a map. The lessons in course order, grouped under their stage's
//! title (both from `GET /api/lessons`), each with its title, one-line summary, how far this
//! browser got (not started, at step n, done) and its best stars; the first lesson not yet
//! finished is marked as the next one to take. Links lead on to the endgame trainer and the
//! opening trainer.

import type { Page } from "../app/router";
import { starText } from "../learn/coach";
import type { Host } from "../learn/host";
import { el } from "../ui";
import { course, say, type Course, type Lesson } from "./api";
import { loadProgress, type Progress } from "./progress";

/** The lesson to take next: the first in course order that is not finished. */
export function nextLesson(lessons: Lesson[], progress: Progress): Lesson | null {
  return lessons.find((l) => !progress[l.id]?.done) ?? null;
}

export function mapPage(host: Host): Page {
  const { t } = host;
  const root = el("div", { class: "lesson-map" });
  let data: Course | null = null;
  let loadedIn = host.lang();
  let error: string | null = null;
  let live = true;

  let loading = false;
  const load = async () => {
    const l = host.lang();
    loading = true;
    try {
      data = await course(l);
      loadedIn = l;
      error = null;
    } catch (e) {
      error = (e as Error).message;
    }
    loading = false;
    if (live) render();
  };

  const item = (x: Lesson, progress: Progress, next: Lesson | null): HTMLElement => {
    const lang = host.lang();
    const p = progress[x.id];
    const isNext = next?.id === x.id;
    let state: HTMLElement;
    if (p?.done) {
      state = el("span", { class: "lesson-stars", "data-stars": String(p.stars), "aria-label": t("ui.lesson.stars", { n: p.stars }) }, [starText(p.stars)]);
    } else if (p && p.step > 0) {
      state = el("span", { class: "lesson-state started" }, [t("ui.lesson.at_step", { n: Math.min(p.step + 1, x.steps.length), total: x.steps.length })]);
    } else {
      state = el("span", { class: "lesson-state" }, [t("ui.lesson.not_started")]);
    }
    const cls = ["lesson-item"];
    if (p?.done) cls.push("done");
    if (isNext) cls.push("next");
    const link = el("a", { href: "/learn/" + x.id }, [
      el("span", { class: "lesson-order", "aria-hidden": "true" }, [String(x.order)]),
      el("span", { class: "lesson-item-title" }, [say(x.title, lang)]),
      el("span", { class: "lesson-summary" }, [say(x.summary, lang)]),
      state,
      ...(isNext ? [el("span", { class: "lesson-next-badge" }, [t("ui.lesson.next_badge")])] : []),
    ]);
    if (isNext) link.setAttribute("aria-current", "step");
    return el("li", { class: cls.join(" "), "data-id": x.id, "data-done": String(!!p?.done), "data-stars": String(p?.stars ?? 0) }, [link]);
  };

  const render = () => {
    if (!live) return;
    document.title = `${t("ui.lesson.title")} · ${t("ui.title")}`;
    if (data && !loading && loadedIn !== host.lang()) void load();
    const body: HTMLElement[] = [el("h1", {}, [t("ui.lesson.title")]), el("p", { class: "lesson-intro" }, [t("ui.lesson.intro")])];
    if (error) body.push(el("p", { class: "error", role: "alert" }, [t("ui.lesson.error", { message: error })]));
    if (data) {
      const progress = loadProgress();
      const lessons = data.lessons;
      const done = lessons.filter((l) => progress[l.id]?.done).length;
      const next = nextLesson(lessons, progress);
      body.push(
        el("div", { class: "lesson-overall" }, [
          el("span", { class: "lesson-count", "data-done": String(done), "data-total": String(lessons.length) }, [
            t("ui.lesson.progress", { done, total: lessons.length }),
          ]),
          el("progress", { max: String(Math.max(1, lessons.length)), value: String(done), "aria-label": t("ui.lesson.progress", { done, total: lessons.length }) }),
          next ? el("a", { href: "/learn/" + next.id, class: "button primary lesson-continue" }, [t("ui.lesson.continue", { title: say(next.title, host.lang()) })]) : "",
        ]),
      );
      for (const stage of data.stages) {
        const own = lessons.filter((l) => l.stage === stage.key);
        if (!own.length) continue;
        const heading = "lesson-stage-" + stage.key;
        body.push(
          el("section", { class: "lesson-stage", "data-stage": stage.key, "aria-labelledby": heading }, [
            el("h2", { id: heading }, [say(stage.title, host.lang())]),
            el("ol", { class: "lesson-list" }, own.map((l) => item(l, progress, next))),
          ]),
        );
      }
    } else if (!error) body.push(el("p", { class: "empty" }, ["…"]));
    body.push(
      el("nav", { class: "lesson-more", "aria-label": t("ui.lesson.more") }, [
        el("h2", {}, [t("ui.lesson.more")]),
        el("a", { href: "/learn/endgames", class: "lesson-more-endgames" }, [t("ui.lesson.to_endgames")]),
        el("a", { href: "/learn/openings", class: "lesson-more-openings" }, [t("ui.lesson.to_openings")]),
      ]),
    );
    root.replaceChildren(...body);
  };

  render();
  void load();
  return {
    root,
    render,
    destroy: () => {
      live = false;
    },
  };
}
