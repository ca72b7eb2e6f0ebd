/** The API's limit of an incident's subject (upstream.yaml `SupportTicketCreate`). */
export const SUBJECT_MAX = 200;
