/** The settings page (features/settings): theme, language, sidebar, table density and time zone. */
const settings = {
  subtitle: "How the portal looks and reads for you, on every device you log in on.",
  savedAutomatically: "Changes are saved automatically",
  saving: "Saving…",
  loadFailed: "Your settings could not be loaded",
  appearance: {
    title: "Appearance",
    description: "The colour theme, the rows of tables and the sidebar.",
  },
  theme: {
    label: "Theme",
    light: "Light",
    dark: "Dark",
    auto: "System",
    autoHint: "Follows your device's setting (now: {{scheme}}).",
  },
  density: {
    label: "Table density",
    hint: "Compact rows fit more of a list on the screen.",
    comfortable: "Comfortable",
    compact: "Compact",
  },
  sidebar: {
    label: "Start with the sidebar collapsed",
    hint: "On a large screen the sidebar shrinks to a rail of icons. On smaller screens it always stays hidden until you open it.",
  },
  region: {
    title: "Language and region",
    description: "The language of the portal and the time zone its dates and times are shown in.",
  },
  language: {
    label: "Language",
  },
  timeZone: {
    label: "Time zone",
    hint: "Every date and time in the portal is shown in this zone.",
    device: "This device's zone: {{zone}}",
    nothingFound: "No time zone matches",
    now: "Now: {{time}}",
  },
  validation: {
    theme: "Theme must be light, dark or auto",
    language: "Language must be one of {{languages}}",
    density: "Table density must be comfortable or compact",
    timeZone: "Time zone must be an IANA zone name such as Europe/Istanbul",
    unknownTimeZone: "Unknown time zone: use an IANA zone name such as Europe/Istanbul",
  },
};

export default settings;
