import type { Messages } from "../en";

const apiTokens: Messages["apiTokens"] = {
  validation: {
    scope: "Cada permiso debe ser uno de los de la lista",
    scopesRequired: "Elige al menos un permiso",
    expiresAtPast: "La fecha de caducidad debe ser futura",
  },
  page: {
    title: "Tokens de API",
    description: "Claves para que tus propios sistemas (facturación, CRM, integración continua) llamen a la API del portal en tu nombre, limitadas a los permisos que elijas.",
  },
  card: {
    description: "Permite que tus propios sistemas llamen a la API del portal en tu nombre, solo con los permisos que elijas.",
    open: "Gestionar tokens de API",
  },
  list: {
    tableLabel: "Tokens de API",
    columns: {
      name: "Nombre y prefijo",
      scopes: "Permisos",
      created: "Creado",
      expires: "Caduca",
      lastUsed: "Último uso",
      status: "Estado",
      actions: "Acciones",
    },
    prefixLabel: "Token que empieza por {{prefix}}",
    noExpiry: "Nunca",
    neverUsed: "Aún sin usar",
    fromIp: "desde",
    loadFailed: "No se pudieron cargar los tokens de API.",
    emptyTitle: "No hay tokens de API",
    emptyDescription: "Crea un token para que un script u otro sistema llame a la API del portal por ti.",
  },
  status: {
    active: "Activo",
    expired: "Caducado",
    revoked: "Revocado",
  },
  scopes: {
    read: "Leer todo lo que puedes ver en el portal.",
    licensesWrite: "Solicitar licencias y actuar sobre licencias e instalaciones.",
    ticketsWrite: "Abrir, responder y cerrar tickets de soporte.",
    usersWrite: "Aprobar, bloquear y modificar cuentas de usuario.",
    catalogueWrite: "Modificar el catálogo: planes, funciones y servicios.",
    updatesWrite: "Publicar y modificar actualizaciones de software.",
    webhooksWrite: "Gestionar los endpoints de webhooks y sus envíos.",
    auditRead: "Leer y exportar el registro de auditoría.",
  },
  create: {
    open: "Crear token",
    title: "Crear un token de API",
    name: "Nombre",
    nameHint: "Qué lo usa, para distinguir los tokens (por ejemplo «Sincronización de facturación»).",
    scopes: "Permisos",
    scopesHint: "Da al token solo lo que su sistema necesita.",
    adminOnly: "Administradores",
    expiresAt: "Caduca el",
    expiresAtHint: "El token deja de funcionar al final de este día. Déjalo vacío para un token que no caduca.",
    submit: "Crear token",
    done: "Token de API «{{name}}» creado",
  },
  secret: {
    title: "Copia tu nuevo token de API",
    warningTitle: "Es la única vez que verás este token",
    warning: "Cópialo ahora y guárdalo en un lugar seguro. No se almacena y no se puede volver a mostrar; si lo pierdes, revócalo y crea otro.",
    label: "Token «{{name}}»",
    usage: "Envíalo en cada solicitud como",
    done: "Ya lo he copiado",
  },
  revoke: {
    action: "Revocar",
    actionFor: "Revocar {{name}}",
    title: "Revocar token de API",
    text: "¿Revocar «{{name}}» ({{prefix}})? Todos los sistemas que lo usan serán rechazados de inmediato. No se puede deshacer.",
    done: "Token de API «{{name}}» revocado",
  },
  admin: {
    open: "Tokens de API",
    title: "Tokens de API de {{name}}",
    description: "Los tokens de API de este usuario. Puedes revocarlos; solo el usuario puede crearlos.",
    emptyDescription: "Este usuario no ha creado ningún token de API.",
  },
};

export default apiTokens;
