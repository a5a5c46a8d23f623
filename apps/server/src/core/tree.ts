/** Assemble flat rows into a forest by parentId ("0" = root); orphans whose parent is absent become roots. */
export function buildForest<T extends { id: string; parentId: string; children?: T[]; hasChildren?: boolean }>(
  rows: T[],
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const roots: T[] = [];
  for (const row of rows) {
    const parent = row.parentId !== '0' ? byId.get(row.parentId) : undefined;
    if (parent) {
      parent.children ??= [];
      parent.children.push(row);
      parent.hasChildren = true;
    } else {
      roots.push(row);
    }
  }
  return roots;
}
