//! The lessons (`/learn` and `/learn/{id}`), part of `learn.js`: the course map (`map.ts`)
//! and the lesson player (`player.ts`, with its step views `read.ts`, `quiz.ts`, `task.ts`).
//! Their style sheet (`lessons.css`) goes into the page when learn.js first runs.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import css from "./lessons.css";
import { mapPage } from "./map";
import { lessonPage as player } from "./player";

const style = document.createElement("style");
style.dataset.module = "lessons";
style.textContent = css;
document.head.appendChild(style);

/** `/learn`: the map of the course. */
export function lessonsPage(host: Host): Page {
  return mapPage(host);
}

/** `/learn/{id}`: one lesson. */
export function lessonPage(host: Host, id: string): Page {
  return player(host, id);
}
