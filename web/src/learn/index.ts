//! The entry of `learn.js`, the endgame trainer's own script: it adds its style sheet to the
//! page and leaves the trainer's pages on `window.__gxLearn`, where the app's route
//! (`route.ts`) finds them once the script has loaded.

import css from "./learn.css";
import { exercisePage } from "./exercise";
import type { LearnModule } from "./host";
import { listPage } from "./list";

const style = document.createElement("style");
style.dataset.module = "learn";
style.textContent = css;
document.head.appendChild(style);

const mod: LearnModule = { list: listPage, exercise: exercisePage };
window.__gxLearn = mod;
