import type { Messages } from "../en";

const updates: Messages["updates"] = {
  description: "Active una licencia en una instalación con su archivo .req y encuentre sus actualizaciones de software.",
  req: {
    title: "Subir un archivo .req",
    description: "Su producto genera un archivo .req: la primera línea es la clave de licencia y la segunda describe la instalación. Al subirlo, la licencia se activa en esa instalación.",
    choose: "Elegir un archivo .req",
    dropHere: "Suelte aquí un archivo .req o haga clic para elegirlo",
    rules: "Solo archivos .req, como máximo 500 KB, al menos 2 líneas.",
    keyLine: "Clave de licencia",
    upload: "Subir y activar",
    another: "Elegir otro archivo",
    processing: "Subiendo y activando…",
    activated: "Licencia activada",
    activatedDescription: "La licencia está activa en esta instalación. Descargue el archivo de licencia vinculado a ella y colóquelo junto a su producto.",
    plan: "Plan",
    expires: "Vence",
    activations: "Activaciones",
    installation: "Instalación",
    downloadBound: "Descargar archivo de licencia",
    problems: {
      missing: "Seleccione un archivo .req",
      wrongType: "Seleccione solo archivos .req",
      tooLarge: "El tamaño del archivo no puede superar los 500 KB",
      tooFewLines: "El archivo .req debe tener al menos 2 líneas: la clave de licencia y, después, los datos de la instalación",
      oneFile: "Seleccione un único archivo .req",
    },
  },
  history: {
    title: "Historial de actualizaciones",
    emptyTitle: "Aún no hay actualizaciones",
    emptyDescription: "Aquí aparecerán las actualizaciones publicadas para sus licencias y su historial de descargas.",
  },
};

export default updates;
