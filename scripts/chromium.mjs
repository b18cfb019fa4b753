/** Debian's Chromium, and the flags that keep it off the (closed) network and quiet as root. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 opens, for every new window (each test's context), a hidden renderer for its
  // address bar's WebUI popups (chrome://omnibox-popup.top-chrome): a second renderer loading a
  // UI nobody sees, which cost as much CPU as the page under test while it started.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
