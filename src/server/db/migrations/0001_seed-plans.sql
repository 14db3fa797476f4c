-- Plans are data (DESIGN.md §2): limits live in the row; null = unlimited.
INSERT INTO "subscription_plans" ("name", "description", "price", "interval", "features", "limits")
VALUES
  ('Free', 'For trying Earshot on a few keywords', 0, 'month',
   '["Up to 3 keywords","50 alerts per month","Dashboard and email notifications","Subreddit filtering"]'::jsonb,
   '{"activeKeywords":3,"monthlyMentions":50}'::jsonb),
  ('Pro', 'For teams that live on Reddit', 1499, 'month',
   '["Unlimited keywords and alerts","Email alerts","Subreddit filtering","Advanced analytics","Priority support","Custom filters"]'::jsonb,
   '{"activeKeywords":null,"monthlyMentions":null}'::jsonb)
ON CONFLICT ("name") DO NOTHING;
