<?xml version="1.0"?>
<tileset name="c36"><tileset/><tileset firstgid="9" source="c37.tsx"/></tileset>
