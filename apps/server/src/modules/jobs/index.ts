/** Background jobs (a queue in the database) and the mail they send. */
export { outboxRoutes } from "./outbox.routes.js";
export { pruneFinishedJobs } from "./job-queue.js";
export { JobRunner, type RetryPolicy } from "./job-runner.js";
export { MAIL_JOB, mailJobHandler, queueMail, type Mailing } from "./mail.js";
