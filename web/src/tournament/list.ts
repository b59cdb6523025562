//! `/tournaments`: the latest tournaments (name, kind, status, start, players, time
//! control) and, for a signed-in visitor, the form that creates one (name, kind, start
//! time, rounds for a Swiss, minutes for an arena, time control, rated, forfeit time).

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import * as api from "./api";

const CONTROLS = ["1+0", "3+2", "5+0", "10+5", "15+10", "30+20"];

/** A `datetime-local` value for `ms` in local time. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

function field(label: string, input: HTMLElement, cls = ""): HTMLElement {
  return el("label", { class: "tn-field " + cls }, [el("span", {}, [label]), input]);
}

function form(host: Host, message: HTMLElement): HTMLElement {
  const { t } = host;
  const name = el("input", { name: "name", maxlength: "60", required: "" }) as HTMLInputElement;
  const kind = el("select", { name: "kind" }) as HTMLSelectElement;
  for (const k of ["round_robin", "double_round_robin", "swiss", "arena"] as const) {
    kind.appendChild(el("option", { value: k }, [api.kindName(host, k)]));
  }
  const starts = el("input", { name: "starts_at", type: "datetime-local" }) as HTMLInputElement;
  starts.value = localInput(Date.now() + 10 * 60000);
  const rounds = el("input", { name: "rounds", type: "number", min: "1", max: "20", value: "5" }) as HTMLInputElement;
  const minutes = el("input", { name: "minutes", type: "number", min: "5", max: "600", value: "60" }) as HTMLInputElement;
  const control = el("select", { name: "control" }) as HTMLSelectElement;
  for (const c of CONTROLS) control.appendChild(el("option", { value: c }, [c]));
  control.value = "5+0";
  const rated = el("input", { name: "rated", type: "checkbox" }) as HTMLInputElement;
  const forfeit = el("input", { name: "forfeit_after_s", type: "number", min: "1", max: "3600", value: "60" }) as HTMLInputElement;
  const berserk = el("input", { name: "berserk", type: "checkbox" }) as HTMLInputElement;
  berserk.checked = true;
  const berserkField = el("label", { class: "tn-check tn-arena-only" }, [berserk, t("ui.game.berserk")]);
  const roundsField = field(t("ui.tn.rounds"), rounds, "tn-swiss-only");
  const minutesField = field(t("ui.tn.minutes"), minutes, "tn-arena-only");
  const shown = () => {
    roundsField.hidden = kind.value !== "swiss";
    minutesField.hidden = kind.value !== "arena";
    berserkField.hidden = kind.value !== "arena";
  };
  kind.addEventListener("change", shown);
  shown();
  const f = el("form", { class: "tn-create", "aria-label": t("ui.tn.create") }, [
    el("h2", {}, [t("ui.tn.create")]),
    field(t("ui.tn.name"), name),
    field(t("ui.tn.kind"), kind),
    field(t("ui.tn.starts_at"), starts),
    roundsField,
    minutesField,
    field(t("ui.tn.control"), control),
    field(t("ui.tn.forfeit_after"), forfeit),
    el("label", { class: "tn-check" }, [rated, t("ui.tn.rated")]),
    berserkField,
  ]) as HTMLFormElement;
  const submit = button(t("ui.tn.create"), () => undefined, "primary");
  submit.type = "submit";
  f.appendChild(submit);
  f.addEventListener("submit", (e) => {
    e.preventDefault();
    const [m, s] = control.value.split("+").map(Number);
    const k = kind.value as api.TournamentKind;
    const body: api.CreateTournament = {
      name: name.value,
      kind: k,
      starts_at: new Date(starts.value).getTime() || Date.now(),
      rounds: k === "swiss" ? Number(rounds.value) : null,
      minutes: k === "arena" ? Number(minutes.value) : null,
      control: { periods: [{ moves: null, time_ms: m * 60000, bonus_ms: s * 1000 }], bonus: "increment" },
      rated: rated.checked,
      forfeit_after_s: Number(forfeit.value) || null,
      berserk: k === "arena" ? berserk.checked : undefined,
    };
    submit.disabled = true;
    api
      .create(body)
      .then((v) => api.navigate("/tournaments/" + v.info.id))
      .catch((err: Error) => {
        submit.disabled = false;
        message.textContent = t("ui.tn.refused", { message: err.message });
      });
  });
  return f;
}

export function listPage(host: Host): Page {
  const { t } = host;
  const message = el("p", { class: "tn-error error", role: "alert" });
  const table = el("table", { class: "tn-list" });
  const signedIn = /(?:^|;\s*)gx_csrf=/.test(document.cookie);
  const root = el("div", { class: "tn-index" }, [
    el("h1", {}, [t("ui.nav.tournaments")]),
    table,
    message,
    signedIn ? form(host, message) : el("p", { class: "tn-sign-in" }, [t("ui.tn.sign_in_to_create")]),
  ]);
  let live = true;
  const head = el("tr", {}, ["name", "kind", "status", "starts_at", "players", "control"].map((k) => el("th", { scope: "col" }, [t("ui.tn." + k)])));
  api
    .list()
    .then((l) => {
      if (!live) return;
      table.replaceChildren(el("thead", {}, [head]));
      const body = el("tbody");
      for (const s of l.tournaments) {
        const a = el("a", { href: "/tournaments/" + s.id }, [s.name]);
        a.addEventListener("click", (e) => {
          e.preventDefault();
          api.navigate("/tournaments/" + s.id);
        });
        body.appendChild(
          el("tr", { class: "tn-status-" + s.status }, [
            el("td", {}, [a]),
            el("td", {}, [api.kindName(host, s.kind) + (s.rated ? " · " + t("ui.tn.rated") : "")]),
            el("td", {}, [api.phaseName(host, s.status)]),
            el("td", {}, [api.when(host, s.starts_at)]),
            el("td", { class: "tn-num" }, [String(s.players)]),
            el("td", {}, [api.controlText(s.control)]),
          ]),
        );
      }
      if (!l.tournaments.length) body.appendChild(el("tr", {}, [el("td", { colspan: "6" }, [t("ui.tn.none")])]));
      table.appendChild(body);
    })
    .catch((e: Error) => {
      message.textContent = t("ui.tn.refused", { message: e.message });
    });
  return {
    root,
    render: () => undefined,
    destroy: () => {
      live = false;
    },
  };
}
