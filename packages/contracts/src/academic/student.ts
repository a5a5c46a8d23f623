import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { md5Schema, phoneSchema, plainPasswordSchema, userFormSchema } from '../system/user.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/**
 * 学生 as an administrator edits it. The student signs in as `account` (the student number when left empty); name,
 * sex and phone live on that user account. The password (md5) is set on add only.
 */
export const studentFormSchema = z.object({
  classId: idSchema,
  studentNo: required('student.studentNo.required')
    .max(32, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'student.studentNo.format' }),
  realName: userFormSchema.shape.realName,
  sex: z.coerce.number().int().min(0).max(2).optional(),
  phone: phoneSchema.optional(),
  account: z.union([z.literal(''), userFormSchema.shape.account]).optional(),
  password: md5Schema.optional(),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
});
export type StudentForm = z.infer<typeof studentFormSchema>;

/** The browser's student form: the password is typed in plain text and sent as its md5. */
export const studentEditorSchema = studentFormSchema.extend({ password: plainPasswordSchema.optional() });

export const studentSchema = auditSchema.extend({
  tenantId: z.string(),
  userId: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  classId: z.string(),
  className: z.string(),
  gradeName: z.string(),
  studentNo: z.string(),
  account: z.string(),
  realName: z.string(),
  sex: z.number(),
  phone: z.string(),
  remark: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

/** One stay of a student in a class (`student/classes?id=`): the open one has no end. */
export interface StudentClassStay {
  classId: string;
  className: string;
  gradeName: string;
  startTime: string;
  endTime: string | null;
}

/** `student/mine`: the signed-in student's own record, where they study and who teaches their class. */
export interface MyClass {
  student: Student;
  termName: string;
  headTeacherName: string;
  teacherNames: string[];
}

/** `POST teacher/qrcode`: the class a student joins by scanning; the teacher is the caller unless an admin names one. */
export const classQrcodeSchema = z.object({
  classId: idSchema,
  teacherId: idSchema.optional(),
});

/** `GET student/bind-info?code=`: what a class QR code leads to, shown before the student agrees to join. */
export interface ClassBindInfo {
  schoolName: string;
  gradeName: string;
  className: string;
  teacherName: string;
  /** ISO time the code stops working. */
  expiresAt: string;
}

/** `POST student/bind`: the code from the QR code's link. */
export const classBindSchema = z.object({ code: z.string().min(20).max(2000) });

/** Days a class QR code stays valid. */
export const CLASS_QRCODE_DAYS = 7;
