import type { Messages } from "../en";

/** Página de configuración. */
const settings: Messages["settings"] = {
  subtitle: "Cómo se ve y se lee el portal para usted, en cada dispositivo donde inicie sesión.",
  savedAutomatically: "Los cambios se guardan automáticamente",
  saving: "Guardando…",
  loadFailed: "No se pudo cargar su configuración",
  appearance: {
    title: "Apariencia",
    description: "El tema de color, las filas de las tablas y la barra lateral.",
  },
  theme: {
    label: "Tema",
    light: "Claro",
    dark: "Oscuro",
    auto: "Sistema",
    autoHint: "Sigue la configuración de su dispositivo (ahora: {{scheme}}).",
  },
  density: {
    label: "Densidad de las tablas",
    hint: "Con filas compactas cabe más de una lista en la pantalla.",
    comfortable: "Cómoda",
    compact: "Compacta",
  },
  sidebar: {
    label: "Empezar con la barra lateral contraída",
    hint: "En una pantalla grande la barra lateral se reduce a una columna de iconos. En pantallas más pequeñas permanece oculta hasta que la abra.",
  },
  region: {
    title: "Idioma y región",
    description: "El idioma del portal y la zona horaria en la que se muestran sus fechas y horas.",
  },
  language: {
    label: "Idioma",
  },
  timeZone: {
    label: "Zona horaria",
    hint: "Todas las fechas y horas del portal se muestran en esta zona.",
    device: "Zona de este dispositivo: {{zone}}",
    nothingFound: "Ninguna zona horaria coincide",
    now: "Ahora: {{time}}",
  },
  validation: {
    theme: "El tema debe ser light, dark o auto",
    language: "El idioma debe ser uno de: {{languages}}",
    density: "La densidad de tabla debe ser comfortable o compact",
    timeZone: "La zona horaria debe ser un nombre de zona IANA como Europe/Istanbul",
    unknownTimeZone: "Zona horaria desconocida: usa un nombre de zona IANA como Europe/Istanbul",
  },
};

export default settings;
