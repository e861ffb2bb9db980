package dev.kafkaperfgate.internal.paired;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A class a pull request could add under the gate's own name: its {@code main} leaves a marker
 * file and exits 0, so a test sees whether it was ever run. Compiled with the JDK's compiler into
 * a folder of its own, as a head's test-classes would hold it.
 */
final class ShadowClass {

    private ShadowClass() {
    }

    /** Compiles the shadow of {@code className} into {@code folder} and returns the folder. */
    static Path compile(Path folder, String className, Path marker) throws IOException {
        int dot = className.lastIndexOf('.');
        String source = "package " + className.substring(0, dot) + ";\n"
                + "public final class " + className.substring(dot + 1) + " {\n"
                + "    public static void main(String[] args) throws Exception {\n"
                + "        java.nio.file.Files.writeString(java.nio.file.Path.of(\"" + marker.toString().replace("\\", "\\\\") + "\"), \"loaded\");\n"
                + "    }\n"
                + "}\n";
        Path sources = Files.createDirectories(folder.resolveSibling(folder.getFileName() + "-src"));
        Path file = sources.resolve(className.substring(dot + 1) + ".java");
        Files.writeString(file, source);
        Files.createDirectories(folder);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int status = compiler.run(null, null, null, "-d", folder.toString(), file.toString());
        if (status != 0) {
            throw new IllegalStateException("the shadow class did not compile (javac exit " + status + ")");
        }
        return folder;
    }
}
