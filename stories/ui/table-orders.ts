/** Orders to draw in the table stories (ui/data-table.tsx). */
export interface Order {
  id: string;
  date: string;
  amount: number;
  status: string;
}

export const orders: Order[] = [
  { id: '10231', date: '2026-03-02', amount: 45900, status: 'Delivered' },
  { id: '10244', date: '2026-03-18', amount: 12050, status: 'Shipped' },
  { id: '10257', date: '2026-04-01', amount: 230000, status: 'In production' },
  { id: '10262', date: '2026-04-09', amount: 8900, status: 'Pending payment' },
];
