import { ActionIcon, useDirection } from "@mantine/core";
import { IconChevronDown, IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { createContext, use, useMemo, useState } from "react";

export interface ExpandedRows {
  isOpen: (id: string) => boolean;
  toggle: (id: string) => void;
}

/**
 * Which rows of a ListScreen show their detail under them (`expandedRow`): the page holds the set
 * (`useExpandedRows`) and provides it, a cell's toggle reads it (`useExpandedRowsOf`).
 */
export const ExpandedRowsContext = createContext<ExpandedRows>({ isOpen: () => false, toggle: () => undefined });

export function useExpandedRows(): ExpandedRows {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  return useMemo(
    () => ({
      isOpen: (id: string) => open.has(id),
      toggle: (id: string) =>
        setOpen((current) => {
          const next = new Set(current);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
    }),
    [open],
  );
}

export const useExpandedRowsOf = (): ExpandedRows => use(ExpandedRowsContext);

/** Opens or closes one row's detail; its chevron points where the text runs (left in right-to-left). */
export function ExpandToggle({ open, onToggle, controls, label, testId }: { open: boolean; onToggle: () => void; controls: string; label: string; testId: string }) {
  const { dir } = useDirection();
  const Chevron = open ? IconChevronDown : dir === "rtl" ? IconChevronLeft : IconChevronRight;
  return (
    <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-expanded={open} aria-controls={open ? controls : undefined} aria-label={label} data-testid={testId}>
      <Chevron size={16} aria-hidden />
    </ActionIcon>
  );
}
