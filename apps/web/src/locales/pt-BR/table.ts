import type { Messages } from "../en";

const table: Messages["table"] = {
  pageSize: "Linhas por página",
  range: "{{from}}–{{to}} de {{total}}",
  previousPage: "Página anterior",
  nextPage: "Próxima página",
  firstPage: "Primeira página",
  lastPage: "Última página",
  goToPage: "Ir para a página {{page}}",
  sortAscending: "Ordem crescente",
  sortDescending: "Ordem decrescente",
  emptyTitle: "Nada por aqui ainda",
  emptyDescription: "Não há registros para mostrar.",
  noResultsTitle: "Nenhum resultado",
  noResultsDescription: "Nada corresponde à sua busca ou aos filtros. Tente outros termos ou limpe os filtros.",
  errorTitle: "Não foi possível carregar a lista",
  retry: "Tentar novamente",
  validation: {
    pageNumber: "A página deve ser um número",
    pageMin: "As páginas começam em 1",
    pageSizeNumber: "O tamanho da página deve ser um número",
    pageSizeRange: "O tamanho da página deve estar entre 1 e 100",
    sortBy: "Ordene por um de: {{fields}}",
  },
};

export default table;
