// The player's settings, kept in this browser: the theme (as the system says, light or dark)
// and the sound played when another player moves (made here, no file needed).
import { $ } from "./dom.js";

const THEMES = ["auto", "dark", "light"];

function applyTheme(theme) {
  if (theme === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  $("theme").textContent = `Theme: ${theme}`;
}

let audio = null;

/** Whether sounds are on (the default). */
export const soundOn = () => localStorage.getItem("tabuleiro:sound") !== "off";

/** Counts the sounds played, for the browser tests. */
export const played = { sounds: 0 };

/**
 * A short tone: `kind` "move" when another player has moved, "end" when the game ends. Nothing
 * when muted, or before the player has touched the page (browsers allow sound only then).
 */
export function chime(kind) {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    const notes = kind === "end" ? [523, 659, 784] : [660];
    notes.forEach((frequency, i) => {
      const start = audio.currentTime + i * 0.12;
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start);
      volume.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.11);
      tone.connect(volume).connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.12);
    });
    played.sounds += 1;
  } catch {
    // No sound where the browser has no audio: nothing else depends on it.
  }
}

function showSound() {
  const on = soundOn();
  $("sound").textContent = on ? "Sound on" : "Sound off";
  $("sound").setAttribute("aria-pressed", on ? "true" : "false");
}

/** Applies the kept settings and sets the switches' handlers; called once. */
export function initSettings() {
  let theme = localStorage.getItem("tabuleiro:theme");
  if (!THEMES.includes(theme)) theme = "auto";
  applyTheme(theme);
  $("theme").addEventListener("click", () => {
    theme = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
    localStorage.setItem("tabuleiro:theme", theme);
    applyTheme(theme);
  });
  showSound();
  $("sound").addEventListener("click", () => {
    localStorage.setItem("tabuleiro:sound", soundOn() ? "off" : "on");
    showSound();
  });
}
