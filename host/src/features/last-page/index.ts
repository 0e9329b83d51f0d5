export { forgetLastPage, keepLastPage, LAST_PAGE_ID, paintLastPage } from './last-page';
