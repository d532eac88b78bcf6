// A matrix as the core sends it (cpp/figures/eigen_value.hpp): {rows, cols, data}, `data` its
// entries row by row (a Float64Array), entry (i, j) at data[i·cols + j].
import { numbers } from './numbers.js';

// Its rows as plain arrays of numbers; [] for anything that is not such a matrix.
export function matrixRows(m) {
  const rows = Number(m?.rows), cols = Number(m?.cols);
  if (!(rows >= 0 && cols >= 0) || !m?.data) return [];
  const values = numbers(m.data);
  return Array.from({ length: rows }, (_, i) => values.slice(i * cols, (i + 1) * cols));
}

// {rows, cols, values}: the shape and every entry, row by row, as plain numbers.
export const matrixValues = (m) => ({ rows: Number(m?.rows ?? 0), cols: Number(m?.cols ?? 0), values: numbers(m?.data) });
