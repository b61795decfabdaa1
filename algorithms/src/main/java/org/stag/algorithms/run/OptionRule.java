package org.stag.algorithms.run;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.engine.check.CheckedProgram;
import org.stag.loaders.BadInputException;

/**
 * The one rule for a setting ({@code --source}, {@code --sources}, {@code --iterations}, {@code --damping},
 * {@code --seed}, {@code --k}) that an
 * algorithm does not take, the same in every command and in the Java API: a setting goes to the selected algorithms
 * that take it, and one given explicitly that none of them takes is refused, in one line naming what each takes.
 * With one algorithm ({@code run}, {@code compare}, the API) that is: an option the algorithm does not take is
 * refused; with several ({@code stream --run}, {@code bench --algorithms}) it is refused when no selected one takes
 * it.
 */
public final class OptionRule {
    private OptionRule() {
    }

    /** The settings {@code s} gives explicitly. */
    public static Set<Setting> given(RunSettings s) {
        Set<Setting> out = EnumSet.noneOf(Setting.class);
        for (Setting x : Setting.values()) {
            if (s.has(x)) {
                out.add(x);
            }
        }
        return out;
    }

    /** The settings program {@code p} takes: those it declares a parameter or an input for. */
    public static Set<Setting> taken(CheckedProgram p) {
        Set<Setting> out = EnumSet.noneOf(Setting.class);
        for (Setting s : Setting.values()) {
            if (Algorithm.declares(p, s.parameter())) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * Refuses a setting of {@code given} that no program of {@code selected} takes.
     *
     * @param selected what each selected algorithm or program takes, by name, in the order to name them
     * @param among    how messages name the selection when it has several, e.g. {@code --run}
     * @throws BadInputException naming the first such setting and what each takes
     */
    public static void check(Set<Setting> given, Map<String, Set<Setting>> selected, String among) {
        for (Setting s : given) {
            if (selected.values().stream().noneMatch(t -> t.contains(s))) {
                throw new BadInputException(refusal(s, selected, among));
            }
        }
    }

    /** {@code s} without the settings {@code taken} leaves out, for one of several selected algorithms. */
    public static RunSettings keepOnly(RunSettings s, Set<Setting> taken) {
        for (Setting x : Setting.values()) {
            if (!taken.contains(x)) {
                s.clear(x);
            }
        }
        return s;
    }

    private static String refusal(Setting s, Map<String, Set<Setting>> selected, String among) {
        if (selected.isEmpty()) {
            return s.option() + ": no algorithm of " + among + " takes it (there is none)";
        }
        List<String> each = new ArrayList<>();
        selected.forEach((name, taken) -> each.add(name + " takes " + options(taken, selected.size() == 1)));
        String head = selected.size() == 1 ? selected.keySet().iterator().next() + " does not take it"
                : "no algorithm of " + among + " takes it";
        return s.option() + ": " + head + " (" + String.join("; ", each) + ")";
    }

    private static String options(Set<Setting> taken, boolean alone) {
        if (taken.isEmpty()) {
            if (!alone) {
                return "none";
            }
            List<String> all = new ArrayList<>();
            for (Setting x : Setting.values()) {
                all.add(x.option());
            }
            return "none of " + String.join(", ", all);
        }
        List<String> names = new ArrayList<>();
        taken.forEach(x -> names.add(x.option()));
        return String.join(", ", names);
    }
}
