/**
 * What a class file says, read from its bytes without loading it (loading would run a side's static
 * initialiser in the JVM that decides): what a class declares
 * ({@link dev.kafkaperfgate.internal.component.classfile.ClassShape}) and the code it runs once per
 * class or per copy ({@link dev.kafkaperfgate.internal.component.classfile.SetUpCode}). Reads bytes only.
 */
package dev.kafkaperfgate.internal.component.classfile;
