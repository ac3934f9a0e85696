import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnyNotice } from './notification';

export type ShownNotice = AnyNotice & { id: number };

let nextId = 1;

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: [] as ShownNotice[],
  reducers: {
    notified: {
      reducer: (state, action: PayloadAction<ShownNotice>) => [...state.slice(-4), action.payload],
      prepare: (notice: AnyNotice) => ({ payload: { ...notice, id: nextId++ } }),
    },
    dismissed: (state, action: PayloadAction<number>) =>
      state.filter((notice) => notice.id !== action.payload),
  },
});

export const { notified, dismissed } = notificationsSlice.actions;
export default notificationsSlice.reducer;
