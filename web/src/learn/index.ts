//! The entry of `learn.js`, the learning pages' own script (the endgame trainer here, the
//! lessons from `../lessons`, the opening trainer and explorer from `../openings`, the puzzle trainer from `../puzzles`): it adds
//! the trainer's style sheet to the page and leaves the pages on `window.__gxLearn`, where the
//! app's routes (`route.ts`) find them once the script has loaded.

import css from "./learn.css";
import { exercisePage } from "./exercise";
import type { LearnModule } from "./host";
import { listPage } from "./list";
import { lessonPage, lessonsPage } from "../lessons";
import { explorerPage, openingsPage } from "../openings";
import { puzzlesPage } from "../puzzles";
import { analysisPage } from "../analysis";
import { editorPage } from "../editor";
import { reviewPage } from "../review";
import { lobbyPage } from "../lobby";
import { accountPage } from "../account";
import { profilePage } from "../profile";
import { playersStrip } from "../profile/strip";
import { tournamentsPage } from "../tournament";
import { gradingPage } from "../grading";

const style = document.createElement("style");
style.dataset.module = "learn";
style.textContent = css;
document.head.appendChild(style);

const mod: LearnModule = {
  list: listPage,
  exercise: exercisePage,
  lessons: lessonsPage,
  lesson: lessonPage,
  openings: openingsPage,
  explorer: explorerPage,
  puzzles: puzzlesPage,
  analysis: analysisPage,
  editor: editorPage,
  review: reviewPage,
  lobby: lobbyPage,
  account: accountPage,
  profile: profilePage,
  tournaments: tournamentsPage,
  grading: gradingPage,
  playersStrip,
};
window.__gxLearn = mod;
