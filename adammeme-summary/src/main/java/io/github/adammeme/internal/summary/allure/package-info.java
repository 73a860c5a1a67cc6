/** What the engine keeps of an Allure report across report generations: its title, its CI build, its history. */
@NullMarked
package io.github.adammeme.internal.summary.allure;

import org.jspecify.annotations.NullMarked;
