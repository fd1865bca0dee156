import { Table } from "@mantine/core";

/**
 * Mantine's table look on plain <table>, <tr>, <th> and <td> (its classes and spacing
 * variables), for tables of many rows: each Mantine Table.Tr or Table.Td is a component of its
 * own. Rows take `data-with-row-border` (and `data-hover` to highlight on hover).
 */
export const tableClasses = Table.classes;

/** The style of the <table>: Mantine's spacing variables (sizes as CSS values). */
export function tableStyle(vertical: string, horizontal = "var(--mantine-spacing-xs)"): React.CSSProperties {
  return { "--table-vertical-spacing": vertical, "--table-horizontal-spacing": horizontal } as React.CSSProperties;
}
