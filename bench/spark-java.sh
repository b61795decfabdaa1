# Sourced by the bench scripts that start a JVM on Spark's classes (spark-graphx.sh, spark-cost.sh): builds the
# Spark module, then sets `cp` (its jar, stag's and the libraries') and `opens` (the JDK opens Spark needs on
# Java 17, as spark-submit and the module's tests pass them). Needs `here`, the checkout.
(cd "$here" && mvn -B -q -o -Dmaven.test.skip=true -pl spark -am package)
cp="$here/spark/target/stag-spark.jar:$here/cli/target/stag.jar:$(cat "$here/spark/target/classpath.txt")"
opens=(--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/sun.nio.cs=ALL-UNNAMED --add-opens=java.base/sun.security.action=ALL-UNNAMED
  --add-opens=java.base/sun.util.calendar=ALL-UNNAMED -Djdk.reflect.useDirectMethodHandle=false
  -Dio.netty.tryReflectionSetAccessible=true)
