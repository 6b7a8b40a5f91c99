import type { Messages } from "../en";

const table: Messages["table"] = {
  pageSize: "Filas por página",
  range: "{{from}}–{{to}} de {{total}}",
  previousPage: "Página anterior",
  nextPage: "Página siguiente",
  firstPage: "Primera página",
  lastPage: "Última página",
  goToPage: "Ir a la página {{page}}",
  sortAscending: "Orden ascendente",
  sortDescending: "Orden descendente",
  emptyTitle: "Todavía no hay nada",
  emptyDescription: "No hay registros que mostrar.",
  noResultsTitle: "Sin resultados",
  noResultsDescription: "Nada coincide con su búsqueda o filtros. Pruebe otros términos o borre los filtros.",
  errorTitle: "No se pudo cargar la lista",
  retry: "Reintentar",
};

export default table;
