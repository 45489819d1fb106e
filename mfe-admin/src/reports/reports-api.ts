import { api } from '@kassa/api-client';
import { DayReport, ReportOverview } from '@kassa/contracts';
import { downloadFile } from '../shared/download-file';

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
  }),
});

export const { useGetDayReportQuery, useGetReportOverviewQuery } = reportsApi;

/** A day's report as the server makes it (PDF or CSV); answers the problem, or null once downloaded. */
export const downloadDayReport = (day: string, ext: 'pdf' | 'csv') => downloadFile(`/api/admin/reports/day.${ext}?day=${day}`, `kassa-dagrapport-${day}.${ext}`);
