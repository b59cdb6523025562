//! `/login`, `/signup`, `/account` (password, preferences, admin): the account pages, part of
//! `learn.js` (issue 19). Sign-up and log-in send the name and password to the server, which
//! answers with the session cookies; this page then tells the main bundle (src/account/session.ts,
//! which it must not import: it holds state) with the window event `gx:account`, and the header
//! and the sync follow. `/account` shows who is signed in, changes the password, says what the
//! account keeps, logs out, and lets an admin close an account. Every refusal shows the server's
//! code in the page's language. Playing needs none of this.

import { ApiError, call } from "../api";
import type { Done, Me, Prefs } from "../api/types.gen";
import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import css from "./account.css";

type Which = "login" | "signup" | "account";

/** The window event the main bundle listens to (src/account/session.ts `ACCOUNT_EVENT`). */
const ACCOUNT_EVENT = "gx:account";
/** The window event that asks the main bundle to send what changed (`FLUSH_EVENT` there). */
const FLUSH_EVENT = "gx:account-flush";
const NAME_RE = /^[A-Za-z0-9_-]{3,20}$/;
/** Language names as each language writes its own. */
const LANG_NAMES: Record<string, string> = { "zh-CN": "简体中文", "zh-TW": "繁體中文", en: "English" };

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "account";
  s.textContent = css;
  document.head.appendChild(s);
}

function announce(me: Me | null): void {
  dispatchEvent(new CustomEvent(ACCOUNT_EVENT, { detail: me }));
}

/** A refusal in the page's words. */
function refusal(host: Host, e: unknown): string {
  const code = e instanceof ApiError ? e.code : "network";
  const known = [
    "bad_credentials",
    "rate_limited",
    "name_taken",
    "bad_name",
    "bad_password",
    "not_signed_in",
    "not_found",
    "close_self",
    "forbidden",
    "network",
  ];
  if (known.includes(code)) return host.t("ui.acc.error." + code);
  return host.t("ui.acc.error.other", { message: e instanceof Error ? e.message : String(e) });
}

function field(label: string, input: HTMLInputElement, help?: string): HTMLElement {
  const kids: (Node | string)[] = [el("span", {}, [label]), input];
  if (help) kids.push(el("small", { class: "acc-help" }, [help]));
  return el("label", { class: "acc-field" }, kids);
}

function input(type: string, cls: string, autocomplete: string): HTMLInputElement {
  return el("input", { type, class: cls, autocomplete, required: "" }) as HTMLInputElement;
}

/** `/login` and `/signup`: one form. */
function credentialsPage(host: Host, which: "login" | "signup"): Page {
  const { t } = host;
  const root = el("main", { class: "acc-page acc-" + which });
  const name = input("text", "acc-name", "username");
  name.maxLength = 20;
  const pass = input("password", "acc-password", which === "login" ? "current-password" : "new-password");
  const again = input("password", "acc-password-again", "new-password");
  const message = el("p", { class: "acc-error error", role: "alert" });
  let busy = false;
  let live = true;

  const send = async () => {
    if (busy) return;
    message.textContent = "";
    if (which === "signup") {
      if (!NAME_RE.test(name.value)) return void (message.textContent = t("ui.acc.error.bad_name"));
      const n = [...pass.value].length;
      if (n < 8 || n > 128) return void (message.textContent = t("ui.acc.error.bad_password"));
      if (pass.value !== again.value) return void (message.textContent = t("ui.acc.error.mismatch"));
    }
    busy = true;
    root.setAttribute("aria-busy", "true");
    try {
      const me = await call<Me>("POST", "/api/account/" + which, { name: name.value, password: pass.value });
      if (!live) return;
      announce(me);
      host.go(which === "signup" ? "/account" : "/");
    } catch (e) {
      if (live) message.textContent = refusal(host, e);
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
    }
  };

  const render = () => {
    const title = t(which === "login" ? "ui.acc.title.login" : "ui.acc.title.signup");
    document.title = `${title} · ${t("ui.title")}`;
    const form = el("form", { class: "acc-form", novalidate: "" }, [
      field(t("ui.acc.name"), name, which === "signup" ? t("ui.acc.name_help") : undefined),
      field(t("ui.acc.password"), pass, which === "signup" ? t("ui.acc.password_help") : undefined),
    ]);
    if (which === "signup") form.append(field(t("ui.acc.password_again"), again));
    const submit = el("button", { type: "submit", class: "acc-submit primary" }, [
      t(which === "login" ? "ui.acc.submit.login" : "ui.acc.submit.signup"),
    ]);
    form.append(submit, message);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      void send();
    });
    const other =
      which === "login"
        ? el("p", {}, [t("ui.acc.no_account") + " ", el("a", { href: "/signup", class: "acc-to-signup" }, [t("ui.acc.title.signup")])])
        : el("p", {}, [t("ui.acc.have_account") + " ", el("a", { href: "/login", class: "acc-to-login" }, [t("ui.acc.title.login")])]);
    root.replaceChildren(el("h1", {}, [title]), el("p", { class: "acc-why" }, [t("ui.acc.why")]), form, other);
  };
  render();
  return { root, render, destroy: () => (live = false) };
}

function prefsText(host: Host, p: Prefs): string {
  const parts: string[] = [];
  if (p.lang) parts.push(LANG_NAMES[p.lang] ?? p.lang);
  if (p.pieces) parts.push(host.t("ui.pieces." + p.pieces));
  if (p.board) parts.push(host.t("ui.board." + p.board));
  return parts.length ? parts.join(" · ") : host.t("ui.acc.prefs_none");
}

/** `/account`: the signed-in user's page. */
function accountHome(host: Host): Page {
  const { t } = host;
  const root = el("main", { class: "acc-page acc-account" });
  let me: Me | null = null;
  let failed: unknown = null;
  let live = true;
  const passMessage = el("p", { class: "acc-password-message", role: "status" });
  const closeMessage = el("p", { class: "acc-close-message", role: "status" });
  const oldPass = input("password", "acc-old", "current-password");
  const newPass = input("password", "acc-new", "new-password");
  const newAgain = input("password", "acc-new-again", "new-password");
  const closeName = input("text", "acc-close-name", "off");

  const load = async () => {
    try {
      me = await call<Me>("GET", "/api/account");
      failed = null;
    } catch (e) {
      failed = e;
      me = null;
    }
    if (live) render();
  };

  const changePassword = async () => {
    passMessage.textContent = "";
    const n = [...newPass.value].length;
    if (n < 8 || n > 128) return void (passMessage.textContent = t("ui.acc.error.bad_password"));
    if (newPass.value !== newAgain.value) return void (passMessage.textContent = t("ui.acc.error.mismatch"));
    try {
      await call<Done>("POST", "/api/account/password", { old: oldPass.value, new: newPass.value });
      oldPass.value = newPass.value = newAgain.value = "";
      passMessage.textContent = t("ui.acc.password_changed");
    } catch (e) {
      passMessage.textContent = refusal(host, e);
    }
  };

  const logout = async () => {
    // What changed since the last sync goes to the account first (src/account/session.ts).
    const pending: Promise<void>[] = [];
    dispatchEvent(new CustomEvent(FLUSH_EVENT, { detail: pending }));
    await Promise.all(pending).catch(() => undefined);
    try {
      await call<Done>("POST", "/api/account/logout");
    } catch {
      /* the cookies may already be gone: signed out either way */
    }
    announce(null);
    host.go("/");
  };

  const close = async () => {
    closeMessage.textContent = "";
    const name = closeName.value.trim();
    if (!NAME_RE.test(name)) return void (closeMessage.textContent = t("ui.acc.error.not_found"));
    if (!confirm(t("ui.acc.admin.confirm", { name }))) return;
    try {
      await call<Done>("POST", "/api/admin/users/" + encodeURIComponent(name) + "/close");
      closeName.value = "";
      closeMessage.textContent = t("ui.acc.admin.closed", { name });
    } catch (e) {
      closeMessage.textContent = refusal(host, e);
    }
  };

  const render = () => {
    document.title = `${t("ui.acc.title.account")} · ${t("ui.title")}`;
    if (!me) {
      const unsigned = failed instanceof ApiError && failed.status === 401;
      root.replaceChildren(
        el("h1", {}, [t("ui.acc.title.account")]),
        failed === null
          ? el("p", { class: "empty" }, ["…"])
          : unsigned
            ? el("p", {}, [t("ui.acc.error.not_signed_in") + " ", el("a", { href: "/login" }, [t("ui.acc.title.login")])])
            : el("p", { class: "error", role: "alert" }, [refusal(host, failed)]),
      );
      return;
    }
    const since = new Date(me.created_at).toLocaleDateString(host.lang());
    const head = el("h1", {}, [me.name]);
    if (me.admin) head.append(" ", el("span", { class: "acc-admin-badge" }, [t("ui.acc.admin.badge")]));
    const pwForm = el("form", { class: "acc-form acc-password-form" }, [
      el("h2", {}, [t("ui.acc.change_password")]),
      field(t("ui.acc.old_password"), oldPass),
      field(t("ui.acc.new_password"), newPass, t("ui.acc.password_help")),
      field(t("ui.acc.password_again"), newAgain),
      el("button", { type: "submit", class: "acc-change primary" }, [t("ui.acc.change_password")]),
      passMessage,
    ]);
    pwForm.addEventListener("submit", (e) => {
      e.preventDefault();
      void changePassword();
    });
    const parts: HTMLElement[] = [
      head,
      el("p", { class: "acc-since" }, [t("ui.acc.since", { date: since })]),
      el("p", {}, [el("a", { href: "/@/" + encodeURIComponent(me.name), class: "acc-profile" }, [t("ui.acc.profile")])]),
      el("section", { class: "acc-kept" }, [
        el("h2", {}, [t("ui.acc.kept.title")]),
        el("p", {}, [t("ui.acc.kept.help")]),
        el("p", { class: "acc-prefs" }, [prefsText(host, me.prefs)]),
      ]),
      pwForm,
    ];
    if (me.admin) {
      const closeForm = el("form", { class: "acc-form acc-admin" }, [
        el("h2", {}, [t("ui.acc.admin.title")]),
        el("p", {}, [t("ui.acc.admin.help")]),
        field(t("ui.acc.name"), closeName),
        el("button", { type: "submit", class: "acc-close danger" }, [t("ui.acc.admin.close")]),
        closeMessage,
      ]);
      closeForm.addEventListener("submit", (e) => {
        e.preventDefault();
        void close();
      });
      parts.push(closeForm);
    }
    parts.push(button(t("ui.acc.logout"), () => void logout(), "acc-logout"));
    root.replaceChildren(...parts);
  };
  render();
  void load();
  return { root, render, destroy: () => (live = false) };
}

/** `/login`, `/signup`, `/account` (password, preferences, admin): the account pages (src/account). */
export function accountPage(host: Host, which: Which): Page {
  style();
  return which === "account" ? accountHome(host) : credentialsPage(host, which);
}
