/**
 * The rows of the first markdown table after `heading` (its header and separator rows left
 * out), each as its trimmed cells: for tests that check a doc's table against the code.
 */
export function markdownTable(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(heading);
  if (start === -1) throw new Error(`No "${heading}" in the document`);
  const lines = markdown.slice(start).split('\n').slice(1);
  const first = lines.findIndex((l) => l.startsWith('|'));
  if (first === -1) throw new Error(`No table under "${heading}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}
