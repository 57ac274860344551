-- Issue 21: two-factor per session. `two_factor_passed`: whether the session passed a second factor; a user with
-- two-factor is signed in only by such a session (plugins/access.ts). Sessions open at the upgrade start as not
-- passed, so a two-factor user's open sessions end once and they sign in again with their code: which of them
-- passed a code cannot be told afterwards. `password_admission`: the sign-in throttle's count of the password
-- step of a pending two-factor sign-in, given back when its code is accepted (null for those open at the upgrade).
ALTER TABLE "sessions" ADD COLUMN "two_factor_passed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD COLUMN "password_admission" jsonb;