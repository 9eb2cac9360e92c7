import type { Kysely } from "kysely";

/**
 * The practice question bank (docs/product.md, Dashboard; docs/decisions/0330-claims-from-data.md): questions by domain, company
 * type, topic and difficulty, each with a model answer or hints; a student's marks on a question
 * (done, saved); and the timed practice rounds whose minutes feed the dashboard's practice time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("practice_questions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("company_type", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("difficulty", "text", (c) => c.notNull())
    .addColumn("prompt", "text", (c) => c.notNull())
    .addColumn("model_answer", "text")
    .addColumn("hints", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("practice_questions_prompt_idx")
    .on("practice_questions")
    .columns(["domain", "prompt"])
    .unique()
    .execute();
  await db.schema
    .createIndex("practice_questions_filter_idx")
    .on("practice_questions")
    .columns(["domain", "topic", "difficulty", "id"])
    .execute();

  await db.schema
    .createTable("practice_marks")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("question_id", "text", (c) => c.notNull().references("practice_questions.id").onDelete("cascade"))
    .addColumn("done_at", "text")
    .addColumn("saved_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("practice_marks_pk", ["user_id", "question_id"])
    .execute();

  await db.schema
    .createTable("practice_rounds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("minutes", "integer")
    .execute();
  await db.schema.createIndex("practice_rounds_user_idx").on("practice_rounds").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("practice_rounds").execute();
  await db.schema.dropTable("practice_marks").execute();
  await db.schema.dropTable("practice_questions").execute();
}
