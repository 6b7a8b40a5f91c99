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
  validation: {
    pageNumber: "La página debe ser un número",
    pageMin: "Las páginas empiezan en 1",
    pageSizeNumber: "El tamaño de página debe ser un número",
    pageSizeRange: "El tamaño de página debe estar entre 1 y 100",
    sortBy: "Ordena por uno de: {{fields}}",
  },
};

export default table;
