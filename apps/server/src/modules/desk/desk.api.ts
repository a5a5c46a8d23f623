/** What other modules may use of the desk: the home page's to-dos, which each module adds to at start-up. */
export { registerTodoSources, type TodoSource } from './dashboard/dashboard.widgets.ts';
