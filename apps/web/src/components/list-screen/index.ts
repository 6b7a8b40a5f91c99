export { ListScreen, type ListColumns, type ListFilter, type ListQuery, type ListScreenProps } from "./list-screen";
export { ListFormModal, type FormMutation, type ListForm, type ListFormField } from "./list-form";
export { deleteAction, editAction, RowConfirmDialog, type ActionMutation, type RowAction, type RowActions, type RowConfirm } from "./row-actions";
export { DescriptionCell } from "./cells";
export { namedItemColumns, NamedItemsScreen, type NamedItem, type NamedItemsScreenProps } from "./named-items-screen";
export { ExpandedRowsContext, ExpandToggle, useExpandedRows, useExpandedRowsOf, type ExpandedRows } from "./expandable-rows";
