// Public surface of the books domain (decision 290): one Dhaka day's money from the phones, the cash desks and the
// orders, checked against each other; closing a day.
export { createBooksRepository, type BooksRepository } from './books.repository.js';
export { createBooksService, type BooksService } from './books.service.js';
export { booksRoutes } from './books.routes.js';
