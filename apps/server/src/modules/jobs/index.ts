/** Background jobs (a queue in the database) and the mail they send. */
export { outboxRoutes } from "./outbox.routes.js";
export { cancelPendingJobsOfGroup, enqueueJob, JOBS_PER_GROUP, pruneDoneRuns, pruneFinishedJobs, runPendingJobNow } from "./job-queue.js";
export { JobRunner, retryDelay, type JobHandler, type JobSettlement, type RetryPolicy } from "./job-runner.js";
export { MAIL_JOB, mailJobHandler, queueMail, type Mailing } from "./mail.js";
