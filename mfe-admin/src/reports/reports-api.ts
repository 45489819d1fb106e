import { api } from '@kassa/api-client';
import { DayReport, Paged, ReportOverview, Shift, ShiftReport, type PagedResult } from '@kassa/contracts';
import { downloadFile } from '../shared/download-file';
import { read, seg, type ListArgs } from '../shared/endpoints';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDayReport: build.query<DayReport, { day: string }>({
      query: ({ day }) => ({ url: '/admin/reports/day', params: { day } }),
      responseSchema: DayReport,
      // A sale, an undo or a late sale changes a day's report.
      providesTags: ['Transactions'],
    }),
    getReportOverview: build.query<ReportOverview, { days: number }>({
      query: ({ days }) => ({ url: '/admin/reports/overview', params: { days } }),
      responseSchema: ReportOverview,
      providesTags: ['Transactions', 'Accounts'],
    }),
    // A sale, an undo or a close changes a shift and its report.
    getShifts: build.query<PagedResult<Shift>, ListArgs<{ register: string | null; status: Shift['status'] | null }>>(read('/admin/shifts/', Paged(Shift), ['Transactions'])),
    getShiftReport: build.query<ShiftReport, string>(read((id) => `/admin/shifts/${seg(id)}/report`, ShiftReport, ['Transactions'])),
  }),
});

export const { useGetDayReportQuery, useGetReportOverviewQuery, useGetShiftsQuery, useGetShiftReportQuery } = reportsApi;

/** A shift's report as the server makes it (PDF or CSV); answers the problem, or null once downloaded. */
export const downloadShiftReport = (shift: Shift, ext: 'pdf' | 'csv') => downloadFile(`/api/admin/shifts/${seg(shift.id)}/report.${ext}`, `kassa-dienst-${shift.openedAt.slice(0, 10)}.${ext}`);

/** A day's report as the server makes it (PDF or CSV); answers the problem, or null once downloaded. */
export const downloadDayReport = (day: string, ext: 'pdf' | 'csv') => downloadFile(`/api/admin/reports/day.${ext}?day=${day}`, `kassa-dagrapport-${day}.${ext}`);
