import type { Messages } from "../en";

const outbox: Messages["outbox"] = {
  description: "SMTP_URL no está configurado, así que el servidor escribe cada correo en su carpeta de datos en lugar de enviarlo. Pase el enlace a su destinatario o marque su correo como verificado en Usuarios. Los mensajes se conservan dos semanas.",
  tableLabel: "Mensajes de la bandeja de salida",
  search: "Buscar por destinatario o asunto",
  columns: {
    message: "Mensaje",
    createdAt: "Escrito",
  },
  show: "Mostrar mensaje: {{subject}}",
  hide: "Ocultar mensaje: {{subject}}",
  messageText: "Texto del mensaje",
  noText: "Este mensaje no tiene texto.",
};

export default outbox;
