// A turn the person cannot miss: the tab's title and icon change while it
// is their move, an optional sound (off unless turned on, remembered in
// this browser), and a browser notification while the tab is hidden (the
// browser asks its permission only when the person clicks to turn it on).
// The low-clock warning itself is in the prompt (shell.js); here it rings
// once more and shows in the title.
import { clockText, LOW_CLOCK_S } from "./parts.js";

const SOUND_KEY = "cardroom-turn-sound";
const NOTIFY_KEY = "cardroom-turn-notify";
const TURN_ICON = "/static/table/turn.svg";

export class TurnAlerts {
  // `redrawTools`: called when a toggle changed, so its button shows it.
  constructor(t, state, redrawTools) {
    Object.assign(this, { t, state, redrawTools });
    this.title = `${t("name")} · cardroom`;
    this.icon = document.querySelector("link[rel~='icon']");
    this.plainIcon = this.icon ? this.icon.getAttribute("href") : null;
    this.wasMine = false;
    this.wasLow = false;
    this.audio = null;
    document.title = this.title;
  }

  // After every change of the state: the title and icon, and on the turn's
  // first moment (or the clock's first low second) the sound and notice.
  update() {
    const { state, t } = this;
    // Away (the clock ran out), a bot plays the seat: not the person's move.
    const away = state.awaitsMe() && state.info.seats[state.seat].control === "away";
    const mine = state.awaitsMe() && !away && state.info.status === "playing";
    const left = mine && state.info.clocks ? state.info.clocks[state.seat] : null;
    const low = typeof left === "number" && left < LOW_CLOCK_S;
    let title = this.title;
    if (low) title = `⏱ ${clockText(left)} · ${t("table.title_your_turn")} · ${this.title}`;
    else if (mine) title = `▶ ${t("table.title_your_turn")} · ${this.title}`;
    if (document.title !== title) document.title = title;
    this.setIcon(mine ? TURN_ICON : this.plainIcon);
    if ((mine && !this.wasMine) || (low && !this.wasLow)) this.announce(low ? left : null);
    this.wasMine = mine;
    this.wasLow = low;
  }

  setIcon(href) {
    if (this.icon && href && this.icon.getAttribute("href") !== href) {
      this.icon.setAttribute("href", href);
    }
  }

  announce(lowLeft) {
    if (this.soundOn()) this.beep(lowLeft !== null);
    if (this.notifyOn() && document.hidden) {
      const body = lowLeft !== null
        ? this.t("table.clock_low", { time: clockText(lowLeft) }) : this.t("table.your_turn");
      try {
        const note = new Notification(this.title, { body, tag: "cardroom-turn" });
        note.onclick = () => window.focus();
      } catch (err) {
        console.warn(err);
      }
    }
  }

  // Two short tones (three, higher, when the clock runs low), made here:
  // no sound file to load.
  beep(urgent) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    this.audio = this.audio || new Context();
    if (this.audio.state === "suspended") this.audio.resume();
    const start = this.audio.currentTime;
    const tones = urgent ? [880, 880, 1175] : [660, 880];
    tones.forEach((frequency, i) => {
      const osc = this.audio.createOscillator();
      const gain = this.audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(this.audio.destination);
      osc.start(start + i * 0.16);
      osc.stop(start + i * 0.16 + 0.12);
    });
  }

  soundOn() {
    return localStorage.getItem(SOUND_KEY) === "on";
  }

  notifyOn() {
    return localStorage.getItem(NOTIFY_KEY) === "on" && "Notification" in window
      && Notification.permission === "granted";
  }

  toggleSound() {
    localStorage.setItem(SOUND_KEY, this.soundOn() ? "off" : "on");
    if (this.soundOn()) this.beep(false); // the click lets the page play, and tells how it sounds
    this.redrawTools();
  }

  // The browser's question comes only from this click, never on its own.
  async toggleNotify() {
    if (this.notifyOn()) {
      localStorage.setItem(NOTIFY_KEY, "off");
    } else {
      const answer = Notification.permission === "granted"
        ? "granted" : await Notification.requestPermission();
      localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "on" : "off");
    }
    this.redrawTools();
  }

  // The toggles for the tools row: [key, text, onclick]. Only a seat gets
  // them; notifications only where the browser has them and was not refused.
  tools() {
    if (!this.state.holdsSeat()) return [];
    const { t } = this;
    const tools = [["sound", t(this.soundOn() ? "table.sound_on" : "table.sound_off"),
      () => this.toggleSound()]];
    const refused = "Notification" in window && Notification.permission === "denied";
    if ("Notification" in window && !refused) {
      tools.push(["notify", t(this.notifyOn() ? "table.notify_on" : "table.notify_off"),
        () => this.toggleNotify()]);
    }
    return tools;
  }
}
