// What other modules and the route table may use of the calendar module (ADR 102): they import it from here only.
export { calendarFeedRoutes, calendarRoutes } from './routes.ts';
