package dev.kafkaperfgate.internal.scenario;

import java.util.List;
import java.util.stream.Collectors;

/** Every problem found in the scenario files, listed together: nothing runs while one remains. */
public class ScenarioValidationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient List<ValidationError> errors;

    public ScenarioValidationException(List<ValidationError> errors) {
        super(errors.size() + " error" + (errors.size() == 1 ? "" : "s") + " in the scenario files; no scenario runs:\n"
                + errors.stream().map(ValidationError::toString).collect(Collectors.joining("\n")));
        this.errors = List.copyOf(errors);
    }

    public List<ValidationError> errors() {
        return errors;
    }
}
