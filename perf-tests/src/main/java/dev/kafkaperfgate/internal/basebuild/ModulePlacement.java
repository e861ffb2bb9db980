package dev.kafkaperfgate.internal.basebuild;

import dev.kafkaperfgate.internal.settings.InvalidSettingException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Where the perf module sits in its repository, so that it can be found and built the same way in
 * the head's checkout and in the base's: the repository's top folder, the reactor it is built from
 * (the outermost folder whose {@code pom.xml} lists it as a module, through nested aggregators;
 * the module itself when none does) and the module's path in that reactor. A team's perf module
 * usually depends on its siblings (the service's own classes), which only a build from the reactor
 * resolves without installing them first.
 *
 * @param reactor the reactor's path relative to the repository's top ({@code ""} for the top itself)
 * @param module  the module's path relative to the reactor ({@code ""} when the module is its own reactor)
 */
record ModulePlacement(Path reactor, Path module) {

    /**
     * The module's placement below {@code top}.
     *
     * @throws IllegalArgumentException when the module is not inside {@code top}
     */
    static ModulePlacement of(Path top, Path moduleDir) {
        Path realTop = real(top);
        Path real = real(moduleDir);
        if (!real.startsWith(realTop)) {
            throw new InvalidSettingException("the module " + moduleDir + " is not inside its repository " + top);
        }
        Path reactor = reactorOf(real, realTop);
        return new ModulePlacement(realTop.relativize(reactor), reactor.relativize(real));
    }

    /** The reactor folder in a checkout of the repository whose top is {@code checkoutTop}. */
    Path reactorIn(Path checkoutTop) {
        return reactor.toString().isEmpty() ? checkoutTop : checkoutTop.resolve(reactor.toString());
    }

    /** The module folder in a checkout of the repository whose top is {@code checkoutTop}. */
    Path moduleIn(Path checkoutTop) {
        Path reactorDir = reactorIn(checkoutTop);
        return module.toString().isEmpty() ? reactorDir : reactorDir.resolve(module.toString());
    }

    /** The module's path from the repository's top, as the console and the messages name it. */
    Path fromTop() {
        return reactor.resolve(module);
    }

    /**
     * The outermost folder, at or below {@code ceiling}, whose pom.xml lists the folder below it as
     * a module, starting from {@code moduleDir}; {@code moduleDir} itself when no folder above does.
     */
    static Path reactorOf(Path moduleDir, Path ceiling) {
        Path reactor = moduleDir;
        Path dir = moduleDir;
        while (!dir.equals(ceiling) && dir.getParent() != null) {
            dir = dir.getParent();
            Path pom = dir.resolve("pom.xml");
            if (!Files.isRegularFile(pom)) {
                continue;
            }
            if (!listsModule(pom, dir.relativize(reactor).toString())) {
                break;
            }
            reactor = dir;
        }
        return reactor;
    }

    private static boolean listsModule(Path pom, String name) {
        try {
            String text = Files.readString(pom, StandardCharsets.UTF_8);
            return Pattern.compile("<module>\\s*(\\./)?" + Pattern.quote(name) + "/?\\s*</module>").matcher(text).find();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + pom + ": " + e.getMessage(), e);
        }
    }

    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            throw new InvalidSettingException("cannot resolve " + path + ": " + e.getMessage(), e);
        }
    }
}
